import { Box, Flex, Typography } from '@strapi/design-system';
import type { ReactNode } from 'react';

/** One card of the endpoint builder: its title, its controls, and the problem found with them. */
export const Section = ({ title, error, children }: { title: string; error?: string; children: ReactNode }) => (
  <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
    <Flex direction="column" alignItems="stretch" gap={3}>
      <Typography tag="h2" variant="delta">
        {title}
      </Typography>
      {children}
      {error && (
        <Typography textColor="danger600" data-testid="section-error">
          {error}
        </Typography>
      )}
    </Flex>
  </Box>
);
