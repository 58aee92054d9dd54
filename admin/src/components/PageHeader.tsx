import { Box, Flex } from '@strapi/design-system';
import { Layouts, Page } from '@strapi/strapi/admin';
import type { ReactNode } from 'react';
import { useNarrowScreen } from '../hooks/useNarrowScreen';
import type { DocsPage } from '../utils/docsUrl';
import { HelpLink } from './HelpLink';

/**
 * The header of one of the plugin's list pages: its title (the browser tab's too), and the link to its docs
 * beside its primary action, where Strapi's headers place theirs. On a narrow screen the actions go in a row of
 * their own that wraps: Strapi's header keeps them in one row, which cut the last one off at 390 px.
 */
export const PageHeader = ({
  title,
  subtitle,
  docs,
  primaryAction,
  secondaryAction,
}: {
  title: string;
  subtitle: string;
  docs: DocsPage;
  primaryAction?: ReactNode;
  secondaryAction?: ReactNode;
}) => {
  const narrow = useNarrowScreen();
  const actions = (
    <Flex gap={2}>
      <HelpLink page={docs} />
      {primaryAction}
    </Flex>
  );
  return (
    <>
      <Page.Title>{title}</Page.Title>
      {narrow ? (
        <>
          <Layouts.Header title={title} subtitle={subtitle} />
          <Box paddingLeft={4} paddingRight={4} paddingBottom={4}>
            <Flex gap={2} wrap="wrap" data-testid="page-actions">
              {secondaryAction}
              {actions}
            </Flex>
          </Box>
        </>
      ) : (
        <Layouts.Header title={title} subtitle={subtitle} primaryAction={actions} secondaryAction={secondaryAction} />
      )}
    </>
  );
};
