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
  const [
    requests,
    success,
    redirect,
    clientError,
    serverError,
    rateLimited,
    cacheHits,
    cacheMisses,
    bytes,
    durationMs,
  ] = sums;
  const classes = sums.slice(FIRST_LATENCY_CLASS);
  return {
    requests,
    success,
    redirect,
    clientError,
    serverError,
    rateLimited,
    cacheHits,
    cacheMisses,
    cacheHitRate: share(cacheHits, cacheHits + cacheMisses),
    // A rate limit's refusals are the limit at work, not a failing endpoint: apart from the error rate.
    errorRate: share(clientError + serverError, requests),
    avgMs: requests ? Math.round((durationMs / requests) * 10) / 10 : null,
    p50Ms: percentile(classes, 0.5),
    p95Ms: percentile(classes, 0.95),
    bytes,
  };
};
