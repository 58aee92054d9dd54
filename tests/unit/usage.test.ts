import { LIMITS } from '../../contracts/limits';
import { HOUR_MS } from '../../contracts/usage';
import { createUsageCount } from '../../server/src/runtime/count-usage';
import { COUNTERS, createBuckets, hourOf } from '../../server/src/usage/buckets';
import { countsOf, noSums } from '../../server/src/usage/counts';
import { latencyClass, percentile } from '../../server/src/usage/histogram';
import { createUsageRecorder } from '../../server/src/usage/recorder';
import { buildSeries, seriesRange } from '../../server/src/usage/series';

const at = (iso: string) => Date.parse(iso);
const ORDERS = { id: 3, method: 'GET', path: 'shop/orders' };
const PRODUCTS = { id: 4, method: 'POST', path: 'shop/products' };
const index = (name: (typeof COUNTERS)[number]) => COUNTERS.indexOf(name);

/** Latency classes with `counts` at the given indexes (12 classes: ≤5, ≤10, ..., ≤10000, slower). */
const classes = (counts: Record<number, number>) => Array.from({ length: 12 }, (_, i) => counts[i] ?? 0);

describe('latency classes and percentiles', () => {
  test.each([
    [0, 0],
    [5, 0],
    [6, 1],
    [10, 1],
    [250, 5],
    [251, 6],
    [10_000, 10],
    [10_001, 11],
    [600_000, 11],
  ])('%d ms is in class %d', (ms, expected) => {
    expect(latencyClass(ms)).toBe(expected);
  });

  test('nothing counted: no percentile', () => {
    expect(percentile(classes({}), 0.5)).toBeNull();
  });

  test('interpolated within the class where the count reaches the share', () => {
    // 10 requests in 0-5 ms: the median is half-way through the class.
    expect(percentile(classes({ 0: 10 }), 0.5)).toBe(2.5);
    // 50 in 0-5 ms, 50 in 50-100 ms: p50 is the top of the first class, p95 90% into the 50-100 class.
    expect(percentile(classes({ 0: 50, 4: 50 }), 0.5)).toBe(5);
    expect(percentile(classes({ 0: 50, 4: 50 }), 0.95)).toBe(95);
    // An empty class between does not move the answer.
    expect(percentile(classes({ 1: 4, 3: 4 }), 0.75)).toBe(37.5);
  });

  test('the open last class answers its lower bound', () => {
    expect(percentile(classes({ 0: 1, 11: 99 }), 0.95)).toBe(10_000);
  });
});

describe('buckets', () => {
  test('an hour is counted from the epoch', () => {
    expect(hourOf(0)).toBe(0);
    expect(hourOf(HOUR_MS - 1)).toBe(0);
    expect(hourOf(at('2026-01-01T10:59:59.999Z'))).toBe(at('2026-01-01T10:00:00Z') / HOUR_MS);
  });

  test('one bucket per hour, endpoint and key, with its route, status classes, bytes and latency', () => {
    const buckets = createBuckets();
    const ten = at('2026-01-01T10:15:00Z');
    buckets.count(ten, ORDERS, 7, 200, 3, 100);
    buckets.count(ten + 1000, ORDERS, 7, 404, 40, 20);
    buckets.count(ten, ORDERS, 0, 503, 12_000, 5);
    buckets.count(ten, PRODUCTS, 7, 301, 7, 0);
    buckets.count(ten + HOUR_MS, ORDERS, 7, 201, 1, 1);
    expect(buckets.size).toBe(4);
    const drained = buckets.drain();
    expect(buckets.size).toBe(0);
    expect(buckets.drain()).toEqual([]);
    expect(drained.map((b) => [b.hour - hourOf(ten), b.endpointId, b.keyId, b.route])).toEqual([
      [0, 3, 7, 'GET shop/orders'],
      [0, 3, 0, 'GET shop/orders'],
      [0, 4, 7, 'POST shop/products'],
      [1, 3, 7, 'GET shop/orders'],
    ]);
    const [first, , products] = drained;
    const counts = (b: typeof first) => Object.fromEntries(COUNTERS.map((name, i) => [name, b.counts[i]]));
    expect(counts(first)).toMatchObject({
      requests: 2,
      success: 1,
      clientError: 1,
      redirect: 0,
      serverError: 0,
      bytes: 120,
      durationMs: 43,
      ms5: 1,
      ms50: 1,
      msOver: 0,
    });
    expect(counts(drained[1])).toMatchObject({ requests: 1, serverError: 1, msOver: 1 });
    expect(counts(products)).toMatchObject({ requests: 1, redirect: 1, ms10: 1 });
  });

  test("a rate limit's refusal is counted apart from its status class", () => {
    const buckets = createBuckets();
    const now = at('2026-01-01T10:15:00Z');
    buckets.count(now, ORDERS, 7, 429, 1, 10, { limited: 'key' });
    buckets.count(now, ORDERS, 7, 429, 1, 10);
    const [bucket] = buckets.drain();
    expect(bucket.counts[index('requests')]).toBe(2);
    expect(bucket.counts[index('rateLimited')]).toBe(1);
    expect(bucket.counts[index('clientError')]).toBe(1);
  });

  test("a cached endpoint's hits and misses are counted beside the status class", () => {
    const buckets = createBuckets();
    const now = at('2026-01-01T10:15:00Z');
    buckets.count(now, ORDERS, 7, 200, 1, 10, { cache: 'miss' });
    buckets.count(now, ORDERS, 7, 200, 1, 10, { cache: 'hit' });
    buckets.count(now, ORDERS, 7, 304, 1, 0, { cache: 'hit' });
    buckets.count(now, ORDERS, 7, 200, 1, 10);
    const [bucket] = buckets.drain();
    expect([bucket.counts[index('cacheHits')], bucket.counts[index('cacheMisses')]]).toEqual([2, 1]);
    expect([bucket.counts[index('success')], bucket.counts[index('redirect')]]).toEqual([3, 1]);
    expect(countsOf([...bucket.counts])).toMatchObject({ cacheHits: 2, cacheMisses: 1, cacheHitRate: 0.6667 });
    expect(countsOf(noSums()).cacheHitRate).toBeNull();
  });

  test('a restored bucket adds to the one counting the same hour, endpoint and key', () => {
    const buckets = createBuckets();
    const now = at('2026-01-01T10:15:00Z');
    buckets.count(now, ORDERS, 7, 200, 3, 100);
    const [taken] = buckets.drain();
    buckets.count(now, ORDERS, 7, 500, 3, 10);
    buckets.restore(taken);
    const [merged] = buckets.drain();
    expect([merged.counts[index('requests')], merged.counts[index('bytes')]]).toEqual([2, 110]);
  });
});

describe('series', () => {
  test('up to a week: hours; beyond: UTC days', () => {
    const hours = seriesRange('2026-01-01T10:30:00Z', '2026-01-02T10:00:00Z');
    expect(hours).toMatchObject({ slotHours: 1, toHour: hours.fromHour + 24, firstSlot: hours.fromHour });
    const days = seriesRange('2026-01-01T10:30:00+02:00', '2026-01-30T00:00:00Z');
    expect(days.slotHours).toBe(24);
    expect(new Date(days.firstSlot * HOUR_MS).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  test('every period is answered, zeros where nothing was counted, busiest group first', () => {
    const range = seriesRange('2026-01-01T00:00:00Z', '2026-01-01T03:00:00Z');
    const sums = (requests: number, success: number) => {
      const row = new Array<number>(COUNTERS.length).fill(0);
      row[index('requests')] = requests;
      row[index('success')] = success;
      row[index('clientError')] = requests - success;
      row[index('ms5')] = requests;
      return row;
    };
    const rows = [
      { slot: range.fromHour, group: 1, route: 'GET a', sums: sums(2, 2) },
      { slot: range.fromHour + 2, group: 1, route: 'GET a', sums: sums(1, 0) },
      { slot: range.fromHour + 2, group: 2, route: 'GET b', sums: sums(4, 4) },
    ];
    const series = buildSeries(range, rows, (id, route) => ({ label: `${route}!`, name: null, gone: id === 1 }));
    expect(series.times).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T01:00:00.000Z', '2026-01-01T02:00:00.000Z']);
    expect(series.points.map((p) => p.requests)).toEqual([2, 0, 5]);
    expect(series.points[1]).toMatchObject({ errorRate: null, p50Ms: null });
    expect(series.totals).toMatchObject({ requests: 7, success: 6, clientError: 1, errorRate: 0.1429 });
    expect(series.groups.map((g) => [g.id, g.label, g.gone, g.points.map((p) => p.requests)])).toEqual([
      [2, 'GET b!', false, [0, 0, 4]],
      [1, 'GET a!', true, [2, 0, 1]],
    ]);
  });
});

/** A Strapi whose database takes the recorder's statements (or fails them while `down`). */
const fakeStrapi = (usage: { enabled: boolean }) => {
  const state = { down: false, written: [] as Array<Record<string, unknown>> };
  const knex = Object.assign(
    () => ({
      insert: (row: Record<string, unknown>) => ({
        onConflict: () => ({
          merge: async () => {
            if (state.down) throw new Error('connection refused');
            state.written.push(row);
          },
        }),
      }),
      where: () => ({ del: async () => 0 }),
    }),
    { raw: (sql: string, bindings: unknown[]) => ({ sql, bindings }) }
  );
  const warn = jest.fn();
  const strapi = {
    db: {
      connection: knex,
      metadata: {
        get: () => ({
          tableName: 'data_api_usage',
          attributes: new Proxy({}, { get: (_target, name) => ({ columnName: String(name) }) }),
        }),
      },
    },
    config: { get: () => usage },
    log: { warn },
  };
  return { strapi: strapi as never, state, warn };
};

describe('the recorder', () => {
  test('a failed flush logs and keeps the counts for the next one', async () => {
    const { strapi, state, warn } = fakeStrapi({ enabled: true });
    const recorder = createUsageRecorder(strapi, { flushIntervalMs: 60_000, retentionDays: 90 });
    recorder.count(ORDERS, 7, 200, 3, 100);
    recorder.count(ORDERS, 7, 200, 3, 100);
    state.down = true;
    await recorder.flush();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('connection refused'));
    expect(state.written).toEqual([]);
    recorder.count(ORDERS, 7, 404, 3, 10);
    state.down = false;
    await recorder.flush();
    expect(state.written).toHaveLength(1);
    expect(state.written[0]).toMatchObject({ endpointId: 3, keyId: 7, requests: 3, clientError: 1, bytes: 210 });
  });

  test('counts kept through an outage are bounded', async () => {
    const { strapi, state, warn } = fakeStrapi({ enabled: true });
    const recorder = createUsageRecorder(strapi, { flushIntervalMs: 60_000, retentionDays: 90 });
    for (let id = 1; id <= LIMITS.keptUsageBuckets + 5; id += 1) recorder.count({ ...ORDERS, id }, 0, 200, 1, 1);
    state.down = true;
    await recorder.flush();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('usage statistics of 5 requests dropped'));
    state.down = false;
    await recorder.flush();
    expect(state.written).toHaveLength(LIMITS.keptUsageBuckets);
  });

  test('nothing is counted when usage is off', () => {
    const { strapi } = fakeStrapi({ enabled: false });
    const recorder = createUsageRecorder(strapi, { flushIntervalMs: 60_000, retentionDays: 90 });
    expect(createUsageCount(strapi, recorder)).toBeNull();
    expect(createUsageCount(fakeStrapi({ enabled: true }).strapi, recorder)).toBeInstanceOf(Function);
  });
});
