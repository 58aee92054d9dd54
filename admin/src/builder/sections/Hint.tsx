import { Typography } from '@strapi/design-system';
import type { ReactNode } from 'react';

/** The line under a section's title that says what the section is for. */
export const Hint = ({ children }: { children: ReactNode }) => (
  <Typography variant="pi" textColor="neutral600">
    {children}
  </Typography>
);
