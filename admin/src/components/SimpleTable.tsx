import { Box, Table, Tbody, Td, Th, Thead, Tr, Typography, type TransientTypographyProps } from '@strapi/design-system';
import type { ReactNode } from 'react';

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
}

/** A read-only table: a header of labels, then one row per item. */
export const SimpleTable = <T extends { id: number }>({ columns, rows }: { columns: Column<T>[]; rows: T[] }) => (
  <Table colCount={columns.length} rowCount={rows.length + 1}>
    <Thead>
      <Tr>
        {columns.map((c) => (
          <Th key={c.label}>
            <Typography variant="sigma">{c.label}</Typography>
          </Th>
        ))}
      </Tr>
    </Thead>
    <Tbody>
      {rows.map((row) => (
        <Tr key={row.id}>
          {columns.map((c) => (
            <Td key={c.label}>{c.cell(row)}</Td>
          ))}
        </Tr>
      ))}
    </Tbody>
  </Table>
);

/**
 * A cell's text on one line, at most `maxWidth` wide (a table's cells do not wrap): a longer text ends in an
 * ellipsis and shows whole as its tooltip, so the table stays inside its card.
 */
export const CellText = ({
  children,
  maxWidth = '20rem',
  bold = false,
  ...typography
}: { children: string; maxWidth?: string; bold?: boolean } & Pick<
  TransientTypographyProps,
  'textColor' | 'variant'
>) => (
  <Box maxWidth={maxWidth}>
    <Typography ellipsis title={children} fontWeight={bold ? 'bold' : undefined} {...typography}>
      {children}
    </Typography>
  </Box>
);
