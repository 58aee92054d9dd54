import {
  Box,
  Table,
  Tbody,
  Td,
  Thead,
  Tr,
  Typography,
  type BoxProps,
  type TransientTypographyProps,
} from '@strapi/design-system';
import { useState, type ReactNode } from 'react';
import { ColumnHeader, type SortDirection } from './ColumnHeader';

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** What the column sorts by, when its header sorts the table. */
  sortValue?: (row: T) => string | number;
  /** The cell holds buttons, switches or links: a click on it does only what they do, it does not open the row. */
  controls?: boolean;
}

const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));

/**
 * A read-only table: a header of labels (those with a `sortValue` sort the rows, in the browser), then one row
 * per item; with `onOpen`, a click on a row opens its item, as in Strapi's tables.
 */
export const SimpleTable = <T extends { id: number }>({
  columns,
  rows,
  onOpen,
}: {
  columns: Column<T>[];
  rows: T[];
  onOpen?: (row: T) => void;
}) => {
  const [sort, setSort] = useState<{ label: string; direction: SortDirection } | null>(null);
  const sortedBy = columns.find((c) => c.label === sort?.label)?.sortValue;
  const shown = sortedBy
    ? [...rows].sort((a, b) => (sort!.direction === 'ascending' ? 1 : -1) * compare(sortedBy(a), sortedBy(b)))
    : rows;
  const sortOn = (label: string) => () =>
    setSort({ label, direction: sort?.label === label && sort.direction === 'ascending' ? 'descending' : 'ascending' });
  return (
    <Table colCount={columns.length} rowCount={rows.length + 1}>
      <Thead>
        <Tr>
          {columns.map((c) => (
            <ColumnHeader
              key={c.label}
              label={c.label}
              sorted={sort?.label === c.label ? sort.direction : undefined}
              onSort={c.sortValue && sortOn(c.label)}
            />
          ))}
        </Tr>
      </Thead>
      <Tbody>
        {shown.map((row) => (
          <Tr key={row.id} cursor={onOpen ? 'pointer' : undefined} onClick={onOpen && (() => onOpen(row))}>
            {columns.map((c) => (
              <Td key={c.label} onClick={c.controls ? (event) => event.stopPropagation() : undefined}>
                {c.cell(row)}
              </Td>
            ))}
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
};

/**
 * A cell's text on one line, at most `maxWidth` wide (a table's cells do not wrap): a longer text ends in an
 * ellipsis and shows whole as its tooltip, so the table stays inside its card. Below the large breakpoint
 * (1080 px), where Strapi folds its main menu and the card is narrower, a `maxWidth` such as
 * `{ initial: '12rem', large: '24rem' }` keeps the table inside it.
 */
export const CellText = ({
  children,
  maxWidth = '20rem',
  bold = false,
  ...typography
}: { children: string; maxWidth?: BoxProps['maxWidth']; bold?: boolean } & Pick<
  TransientTypographyProps,
  'textColor' | 'variant'
>) => (
  <Box maxWidth={maxWidth}>
    <Typography ellipsis title={children} fontWeight={bold ? 'bold' : undefined} {...typography}>
      {children}
    </Typography>
  </Box>
);
