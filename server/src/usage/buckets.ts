import type { CacheOutcome } from '../../../contracts/cache';
import { HOUR_MS, LATENCY_BOUNDS_MS } from '../../../contracts/usage';
import { latencyClass } from './histogram';

/**
 * A bucket's counters by their attribute names in content-types/usage-bucket, in the order of its `counts`:
 * requests, the four status classes, the answers a rate limit refused (429s, not counted in the 4xx), the
 * response cache's hits and misses (requests to cached endpoints, whatever their status), bytes, the duration
 * sum, then the latency classes.
 */
export const COUNTERS = [
  'requests',
  'success',
  'redirect',
  'clientError',
  'serverError',
  'rateLimited',
  'cacheHits',
  'cacheMisses',
  'bytes',
  'durationMs',
  ...LATENCY_BOUNDS_MS.map((bound) => `ms${bound}`),
  'msOver',
] as const;

/** A counter's index in `counts`, from its name: the list above is the one place their order is written. */
const indexOf = (name: (typeof COUNTERS)[number]) => COUNTERS.indexOf(name);
const REQUESTS = indexOf('requests');
/** Status class n (2 to 5) is counted n - 2 places after `success` (class 2). */
const STATUS_OFFSET = indexOf('success') - 2;
const RATE_LIMITED = indexOf('rateLimited');
const CACHE_HITS = indexOf('cacheHits');
const CACHE_MISSES = indexOf('cacheMisses');
const BYTES = indexOf('bytes');
const DURATION = indexOf('durationMs');
export const FIRST_LATENCY_CLASS = indexOf(`ms${LATENCY_BOUNDS_MS[0]}`);

/** Hours since the epoch: a bucket's period. */
export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);

/** What became of an answer beyond its status: a rate limit refused it, or the response cache answered it or not. */
export interface CountedOutcome {
  readonly limited?: unknown;
  readonly cache?: CacheOutcome;
}

const NO_OUTCOME: CountedOutcome = {};

/** What a bucket is counted for: the endpoint as it was matched (its route text labels it once it is gone). */
export interface CountedEndpoint {
  id: number;
  method: string;
  path: string;
}

export interface Bucket {
  hour: number;
  endpointId: number;
  /** The API key's id; 0 for a request made without one. */
  keyId: number;
  /** `GET shop/orders`. */
  route: string;
  counts: Float64Array;
}

/**
 * Buckets counted in memory, addressed hour, then endpoint, then key, by number: counting a request looks up
 * three maps and adds to numbers, and allocates only when it opens a bucket (once per bucket per flush).
 */
export const createBuckets = () => {
  let byHour = new Map<number, Map<number, Map<number, Bucket>>>();
  let size = 0;

  /** `labelled`: the bucket's route text, or the endpoint to make it from (no closure made per request). */
  const open = (hour: number, endpointId: number, keyId: number, labelled: CountedEndpoint | string): Bucket => {
    let byEndpoint = byHour.get(hour);
    if (!byEndpoint) byHour.set(hour, (byEndpoint = new Map()));
    let byKey = byEndpoint.get(endpointId);
    if (!byKey) byEndpoint.set(endpointId, (byKey = new Map()));
    let bucket = byKey.get(keyId);
    if (!bucket) {
      const route = typeof labelled === 'string' ? labelled : `${labelled.method} ${labelled.path}`;
      bucket = { hour, endpointId, keyId, route, counts: new Float64Array(COUNTERS.length) };
      byKey.set(keyId, bucket);
      size += 1;
    }
    return bucket;
  };

  return {
    get size() {
      return size;
    },

    /**
     * Counts one answer, made at `at` (ms), with its status, latency (ms) and body length (bytes); a rate limit's
     * refusal is counted apart from its status class, and a cached endpoint's hit or miss beside it.
     */
    count(
      at: number,
      endpoint: CountedEndpoint,
      keyId: number,
      status: number,
      ms: number,
      bytes: number,
      outcome: CountedOutcome = NO_OUTCOME
    ) {
      const { counts } = open(hourOf(at), endpoint.id, keyId, endpoint);
      counts[REQUESTS] += 1;
      const statusClass = Math.floor(status / 100);
      if (outcome.limited) counts[RATE_LIMITED] += 1;
      else if (statusClass >= 2 && statusClass <= 5) counts[statusClass + STATUS_OFFSET] += 1;
      if (outcome.cache) counts[outcome.cache === 'hit' ? CACHE_HITS : CACHE_MISSES] += 1;
      counts[BYTES] += bytes;
      counts[DURATION] += ms;
      counts[FIRST_LATENCY_CLASS + latencyClass(ms)] += 1;
    },

    /** Adds a bucket taken out earlier (a flush that could not write it). */
    restore(bucket: Bucket) {
      const { counts } = open(bucket.hour, bucket.endpointId, bucket.keyId, bucket.route);
      for (let i = 0; i < counts.length; i += 1) counts[i] += bucket.counts[i];
    },

    /** Takes every bucket out, oldest hour first; counting goes on into new ones. */
    drain(): Bucket[] {
      const taken = [...byHour.entries()]
        .sort(([a], [b]) => a - b)
        .flatMap(([, byEndpoint]) => [...byEndpoint.values()].flatMap((byKey) => [...byKey.values()]));
      byHour = new Map();
      size = 0;
      return taken;
    },
  };
};

export type Buckets = ReturnType<typeof createBuckets>;
