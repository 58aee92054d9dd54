import { Box, Flex, Grid, Typography } from '@strapi/design-system';
import type { CacheStats } from '../../../contracts/cache';
import { useT } from '../hooks/useT';
import type { UsageFormat } from '../hooks/useUsageFormat';
import { PurgeCacheButton } from './PurgeCacheButton';

type Figure = 'store' | 'bytes' | 'entries' | 'hits' | 'misses' | 'evictions';

/**
 * The response cache of the server that answered (docs/cache.md): its store, what it holds against its bound,
 * hits, misses and evictions since it started, and Purge all for admins with the right. Each instance has its
 * own figures; a purge reaches every instance.
 */
export const CacheCard = ({ stats, format }: { stats: CacheStats; format: UsageFormat }) => {
  const t = useT();
  // By the name of their label (`cache.hits`), which also names them for the browser tests.
  const figures: Array<[Figure, string]> = [
    ['store', t(`cache.store.${stats.store}`)],
    [
      'bytes',
      stats.store === 'redis'
        ? t('cache.bytes.redis')
        : t('cache.bytes.of', { bytes: format.bytes(stats.bytes), max: format.bytes(stats.maxBytes) }),
    ],
    ['entries', format.count(stats.entries)],
    ['hits', format.count(stats.hits)],
    ['misses', format.count(stats.misses)],
    ['evictions', format.count(stats.evictions)],
  ];
  return (
    <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius data-testid="cache-card">
      <Flex direction="column" alignItems="stretch" gap={4}>
        <Flex justifyContent="space-between" alignItems="flex-start" gap={4} wrap="wrap">
          <Flex direction="column" alignItems="flex-start" gap={1}>
            <Typography tag="h2" variant="delta">
              {t('cache.title')}
            </Typography>
            <Typography variant="pi" textColor="neutral600">
              {t(stats.enabled ? 'cache.subtitle' : 'cache.off')}
            </Typography>
          </Flex>
          <PurgeCacheButton />
        </Flex>
        <Grid.Root gap={4}>
          {figures.map(([name, value]) => (
            <Grid.Item key={name} col={2} s={6} xs={6} direction="column" alignItems="flex-start">
              <Typography variant="sigma" textColor="neutral600">
                {t(`cache.${name}`)}
              </Typography>
              <Typography data-testid={`cache-${name}`}>{value}</Typography>
            </Grid.Item>
          ))}
        </Grid.Root>
      </Flex>
    </Box>
  );
};
