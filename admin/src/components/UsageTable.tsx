import { Box, Flex, Typography } from '@strapi/design-system';
import styled from 'styled-components';
import type { UsageCounts } from '../../../contracts/usage';
import type { UsageFormat } from '../hooks/useUsageFormat';
import { useT } from '../hooks/useT';
import { CellText, SimpleTable, type Column } from './SimpleTable';

export interface UsageRow {
  id: number;
  name: string;
  /** Under the name: an endpoint's own name (its route is `name`), as the endpoints table shows them. */
  detail?: string | null;
  totals: UsageCounts;
}

/**
 * Lets headings and names wrap (the design system's table keeps every cell on one line), and narrows the cells'
 * side padding, so that twelve columns fit their card at 1280 px; a long route breaks anywhere rather than push
 * the numbers out of sight.
 */
const Fitting = styled(Box)`
  table {
    white-space: normal;
  }
  td:first-child {
    overflow-wrap: anywhere;
  }
  td:not(:first-of-type),
  th:not(:first-of-type) {
    padding-left: ${({ theme }) => theme.spaces[3]};
    padding-right: ${({ theme }) => theme.spaces[3]};
  }
`;

/**
 * Totals per endpoint or key, one row each (the numbers the charts draw, readable): requests, answers by status
 * class, those a rate limit refused (apart from the 4xx), error rate, the response cache's hit rate, latency and
 * bytes; `brief` keeps requests,
 * rate limited, error rate and latency.
 */
export const UsageTable = ({
  heading,
  rows,
  format,
  brief = false,
  testId,
}: {
  heading: string;
  /** Names the table for the browser tests. */
  testId?: string;
  rows: UsageRow[];
  format: UsageFormat;
  brief?: boolean;
}) => {
  const t = useT();
  const number = (value: (c: UsageCounts) => string) => (row: UsageRow) => <Typography>{value(row.totals)}</Typography>;
  const columns: Column<UsageRow>[] = [
    {
      label: heading,
      cell: (row) => (
        <Flex direction="column" alignItems="flex-start" gap={1}>
          <CellText bold maxWidth="14rem">
            {row.name}
          </CellText>
          {row.detail && (
            <CellText variant="pi" textColor="neutral600" maxWidth="14rem">
              {row.detail}
            </CellText>
          )}
        </Flex>
      ),
    },
    { label: t('usage.column.requests'), cell: number((c) => format.count(c.requests)) },
    ...(brief
      ? []
      : [
          { label: t('usage.column.success'), cell: number((c) => format.count(c.success)) },
          { label: t('usage.column.redirect'), cell: number((c) => format.count(c.redirect)) },
          { label: t('usage.column.clientError'), cell: number((c) => format.count(c.clientError)) },
          { label: t('usage.column.serverError'), cell: number((c) => format.count(c.serverError)) },
        ]),
    { label: t('usage.column.rateLimited'), cell: number((c) => format.count(c.rateLimited)) },
    { label: t('usage.column.errorRate'), cell: number((c) => format.percent(c.errorRate)) },
    ...(brief ? [] : [{ label: t('usage.column.cacheHitRate'), cell: number((c) => format.percent(c.cacheHitRate)) }]),
    { label: t('usage.column.p50'), cell: number((c) => format.ms(c.p50Ms)) },
    { label: t('usage.column.p95'), cell: number((c) => format.ms(c.p95Ms)) },
    ...(brief ? [] : [{ label: t('usage.column.bytes'), cell: number((c) => format.bytes(c.bytes)) }]),
  ];
  return (
    <Fitting data-testid={testId}>
      <SimpleTable columns={columns} rows={rows} />
    </Fitting>
  );
};
