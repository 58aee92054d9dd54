import { Box } from '@strapi/design-system';
import type { ReactNode } from 'react';

/**
 * A control of a builder row (a filter condition, an aggregate's dimension): as wide as the row allows and never
 * narrower than its words, so a narrow screen wraps the row instead of squeezing its controls into slivers.
 * `place` marks it as where a problem is shown (see problemPlaces.ts).
 */
export const RowCell = ({
  children,
  grow = 1,
  place,
}: {
  children: ReactNode;
  grow?: number;
  place?: Record<string, string>;
}) => (
  <Box style={{ flex: `${grow} 1 180px`, minWidth: 140 }} {...place}>
    {children}
  </Box>
);
