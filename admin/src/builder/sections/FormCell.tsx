import { Grid } from '@strapi/design-system';
import type { ReactNode } from 'react';

/**
 * One field of a builder card's grid: half its width, as Strapi's Content-Type Builder and Content Manager lay out
 * their forms, and the whole width on a phone.
 */
export const FormCell = ({ children }: { children: ReactNode }) => (
  <Grid.Item col={6} xs={12} direction="column" alignItems="stretch">
    {children}
  </Grid.Item>
);
