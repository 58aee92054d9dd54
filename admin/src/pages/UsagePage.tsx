import { Box, Button, Flex, Grid, Typography } from '@strapi/design-system';
import { Layouts, Page } from '@strapi/strapi/admin';
import { useMemo, useState } from 'react';
import { HOUR_MS, type UsageSeries } from '../../../contracts/usage';
import { useAdminQuery } from '../api/queries';
import { SelectField } from '../builder/SelectField';
import { CacheCard } from '../components/CacheCard';
import { ALL_KEYS, UsageKeyFilter } from '../components/UsageKeyFilter';
import { UsageChart, type ChartLine } from '../components/UsageChart';
import { UsageTable, type UsageRow } from '../components/UsageTable';
import { useT } from '../hooks/useT';
import { useUsageFormat, type UsageFormat } from '../hooks/useUsageFormat';
import { PageHeader } from '../components/PageHeader';

/** The ranges offered, in hours back from now: up to a week hour by hour, 30 days per day. */
const RANGES = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 } as const;
type Range = keyof typeof RANGES;

/** Lines drawn per chart at most: the busiest groups (the tables list them all). */
const MAX_LINES = 8;

const requestLines = (series: UsageSeries, by: 'endpoint' | 'key', format: UsageFormat): ChartLine[] =>
  series.groups.slice(0, MAX_LINES).map((group) => ({
    label: format.group(group, by),
    values: group.points.map((point) => point.requests),
  }));

const tableRows = (series: UsageSeries, by: 'endpoint' | 'key', format: UsageFormat, all: string): UsageRow[] => [
  ...series.groups.map((group) => ({
    id: group.id,
    name: format.group(group, by),
    detail: group.name,
    totals: group.totals,
  })),
  { id: -1, name: all, totals: series.totals },
];

/**
 * Usage statistics (docs/usage.md): requests over time per endpoint and per key, the error rate, the share a
 * rate limit refused and the latency of all of them, and the totals as tables (with the response cache's hit
 * rate), for the last 24 hours, 7 days or 30 days; and the response cache of the server that answered, now.
 */
export const UsagePage = () => {
  const t = useT();
  const format = useUsageFormat();
  // The range is fixed when chosen (or refreshed), not at every render: the query must stay the same.
  const [view, setView] = useState<{ range: Range; at: number }>({ range: '24h', at: Date.now() });
  const query = useMemo(
    () => ({
      from: new Date(view.at - RANGES[view.range] * HOUR_MS).toISOString(),
      to: new Date(view.at).toISOString(),
    }),
    [view]
  );
  const [key, setKey] = useState(ALL_KEYS);
  const filtered = key === ALL_KEYS ? query : { ...query, key };
  // The last range's figures stay in view while another range loads. The keys offered by the filter are those of
  // the range, whichever is chosen (the same query as the table's when none is).
  const byEndpoint = useAdminQuery(
    'usage.series',
    {},
    { query: { ...filtered, groupBy: 'endpoint' }, keepPreviousData: true }
  );
  const byKey = useAdminQuery('usage.series', {}, { query: { ...filtered, groupBy: 'key' }, keepPreviousData: true });
  const allKeys = useAdminQuery('usage.series', {}, { query: { ...query, groupBy: 'key' }, keepPreviousData: true });
  const cache = useAdminQuery('cache.stats');
  const endpoints = byEndpoint.data;
  const keys = byKey.data;
  const charts = useMemo(() => {
    if (!endpoints || !keys) return null;
    return {
      byEndpoint: requestLines(endpoints, 'endpoint', format),
      byKey: requestLines(keys, 'key', format),
      errorRate: [
        { label: t('usage.errors'), values: endpoints.points.map((p) => p.errorRate) },
        // Refusals of a rate limit, apart: the limit at work, not a failing endpoint.
        {
          label: t('usage.rateLimited'),
          values: endpoints.points.map((p) => (p.requests ? p.rateLimited / p.requests : null)),
        },
      ],
      latency: [
        { label: t('usage.p50'), values: endpoints.points.map((p) => p.p50Ms) },
        { label: t('usage.p95'), values: endpoints.points.map((p) => p.p95Ms) },
      ],
    };
  }, [endpoints, keys, format, t]);
  if (byEndpoint.error || byKey.error || allKeys.error) return <Page.Error />;
  if (!endpoints || !keys || !allKeys.data || !charts) return <Page.Loading />;
  const requestsOf = (value: number) => format.count(value);
  return (
    <>
      <PageHeader title={t('usage.title')} subtitle={t('usage.subtitle')} docs="usage" />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={6}>
          <Flex gap={4} alignItems="flex-end" wrap="wrap">
            <Box minWidth="240px">
              <SelectField
                name="range"
                label={t('usage.range')}
                value={view.range}
                options={[
                  ['24h', t('usage.range.24h')],
                  ['7d', t('usage.range.7d')],
                  ['30d', t('usage.range.30d')],
                ]}
                onChange={(range) => setView({ range: range as Range, at: Date.now() })}
              />
            </Box>
            <UsageKeyFilter keys={allKeys.data} value={key} onChange={setKey} format={format} />
            <Button
              variant="secondary"
              onClick={() => {
                setView({ range: view.range, at: Date.now() });
                void cache.refetch();
              }}
            >
              {t('usage.refresh')}
            </Button>
          </Flex>
          <Typography textColor="neutral600">{t('usage.delay')}</Typography>
          {cache.data && <CacheCard stats={cache.data} format={format} />}
          {endpoints.totals.requests === 0 ? (
            <Typography>{t('usage.empty')}</Typography>
          ) : (
            <>
              <Grid.Root gap={6}>
                {[
                  {
                    title: t('usage.chart.byEndpoint'),
                    times: endpoints.times,
                    lines: charts.byEndpoint,
                    format: requestsOf,
                  },
                  { title: t('usage.chart.byKey'), times: keys.times, lines: charts.byKey, format: requestsOf },
                  {
                    title: t('usage.chart.errorRate'),
                    times: endpoints.times,
                    lines: charts.errorRate,
                    format: format.percent,
                  },
                  { title: t('usage.chart.latency'), times: endpoints.times, lines: charts.latency, format: format.ms },
                ].map((chart) => (
                  // Two charts per row from the design system's medium breakpoint, one below it.
                  <Grid.Item key={chart.title} col={6} m={6} s={12} xs={12} direction="column" alignItems="stretch">
                    <UsageChart {...chart} />
                  </Grid.Item>
                ))}
              </Grid.Root>
              <UsageTable
                heading={t('usage.column.endpoint')}
                testId="usage-endpoints"
                rows={tableRows(endpoints, 'endpoint', format, t('usage.total'))}
                format={format}
              />
              <UsageTable
                heading={t('usage.column.key')}
                testId="usage-keys"
                rows={tableRows(keys, 'key', format, t('usage.total'))}
                format={format}
              />
            </>
          )}
        </Flex>
      </Layouts.Content>
    </>
  );
};
