import { Flex, Th, Tooltip, Typography } from '@strapi/design-system';
import { CaretDown } from '@strapi/icons';
import type { KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useT } from '../hooks/useT';

export type SortDirection = 'ascending' | 'descending';

const SortableTh = styled(Th)<{ $sortable: boolean }>`
  cursor: ${({ $sortable }) => ($sortable ? 'pointer' : 'default')};
`;

const SortIcon = styled(CaretDown)<{ $up: boolean }>`
  transform: rotate(${({ $up }) => ($up ? '180deg' : '0deg')});
`;

/**
 * A column's header as Strapi's list views draw it: with `onSort`, a click (or Enter, or Space) on it sorts the
 * table by the column, and a caret says which way once it does.
 */
export const ColumnHeader = ({
  label,
  sorted,
  onSort,
}: {
  label: string;
  sorted?: SortDirection;
  onSort?: () => void;
}) => {
  const t = useT();
  return (
    <SortableTh
      // The design system's cells are all "gridcell"s; a header's role is what gives its aria-sort a meaning.
      role="columnheader"
      $sortable={Boolean(onSort)}
      aria-sort={sorted}
      tabIndex={onSort ? 0 : undefined}
      onClick={onSort}
      onKeyDown={(event: KeyboardEvent) => {
        if (!onSort || (event.key !== 'Enter' && event.key !== ' ')) return;
        event.preventDefault();
        onSort();
      }}
    >
      <Tooltip label={onSort ? t('common.sortOn', { label }) : label}>
        <Flex gap={1}>
          <Typography textColor="neutral600" tag="span" variant="sigma">
            {label}
          </Typography>
          {sorted && <SortIcon $up={sorted === 'ascending'} />}
        </Flex>
      </Tooltip>
    </SortableTh>
  );
};
