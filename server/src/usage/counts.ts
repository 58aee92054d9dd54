import type { UsageCounts } from '../../../contracts/usage';
import { COUNTERS, FIRST_LATENCY_CLASS } from './buckets';
import { percentile } from './histogram';

/** Sums of no bucket, in the order of COUNTERS. */
export const noSums = () => new Array<number>(COUNTERS.length).fill(0);

/** Adds `sums` into `into` (both in the order of COUNTERS). */
export const addSums = (into: number[], sums: readonly number[]) => {
  for (let i = 0; i < into.length; i += 1) into[i] += sums[i];
  return into;
};

const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** What the admin API answers for summed counters: the counts, the error rate and the latency percentiles. */
export const countsOf = (sums: readonly number[]): UsageCounts => {
  const sum = (name: (typeof COUNTERS)[number]) => sums[COUNTERS.indexOf(name)];
  const requests = sum('requests');
  const classes = sums.slice(FIRST_LATENCY_CLASS);
  return {
    requests,
    success: sum('success'),
    redirect: sum('redirect'),
    clientError: sum('clientError'),
    serverError: sum('serverError'),
    rateLimited: sum('rateLimited'),
    cacheHits: sum('cacheHits'),
    cacheMisses: sum('cacheMisses'),
    cacheHitRate: share(sum('cacheHits'), sum('cacheHits') + sum('cacheMisses')),
    // A rate limit's refusals are the limit at work, not a failing endpoint: apart from the error rate.
    errorRate: share(sum('clientError') + sum('serverError'), requests),
    avgMs: requests ? Math.round((sum('durationMs') / requests) * 10) / 10 : null,
    p50Ms: percentile(classes, 0.5),
    p95Ms: percentile(classes, 0.95),
    bytes: sum('bytes'),
  };
};
