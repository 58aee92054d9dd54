import { LIMITS } from '../../contracts/limits';
import { createGenerations } from '../../server/src/totals/generations';
import { quotedIdentifiers, typesRead } from '../../server/src/totals/table-owners';
import { createTotalCache } from '../../server/src/totals/total-cache';
import { HEAP_TEST_MS, retainedBytes } from '../helpers/heap';

const setup = (maxAgeMs = 60_000) => {
  const generations = createGenerations();
  const cache = createTotalCache({ generations, maxAgeMs, capacity: 100 });
  let counts = 0;
  let rows = 10;
  const count = async () => {
    counts += 1;
    return rows;
  };
  const total = (bindings: unknown[] = []) => cache.total('SELECT COUNT(*)', bindings, ['api::order.order'], count);
  return {
    generations,
    total,
    counts: () => counts,
    setRows: (n: number) => (rows = n),
  };
};

describe('total cache', () => {
  test('counts once while nothing it reads is written', async () => {
    const t = setup();
    expect(await t.total()).toBe(10);
    expect(await t.total()).toBe(10);
    expect(t.counts()).toBe(1);
  });

  test('a write to a type it reads makes it count again; a write to another type does not', async () => {
    const t = setup();
    await t.total();
    t.setRows(11);
    t.generations.bump(['api::product.product']);
    expect(await t.total()).toBe(10);
    t.generations.bump(['api::order.order']);
    expect(await t.total()).toBe(11);
    expect(t.counts()).toBe(2);
  });

  test('other binding values are other totals', async () => {
    const t = setup();
    await t.total(['paid']);
    await t.total(['pending']);
    await t.total(['paid']);
    expect(t.counts()).toBe(2);
  });

  test('a write committed while a count runs: that count is not kept', async () => {
    const generations = createGenerations();
    const cache = createTotalCache({ generations, maxAgeMs: 60_000, capacity: 10 });
    let counts = 0;
    const slow = async () => {
      counts += 1;
      // The write commits while the count runs (its snapshot may be from before).
      generations.bump(['api::order.order']);
      return 1;
    };
    await cache.total('q', [], ['api::order.order'], slow);
    await cache.total('q', [], ['api::order.order'], async () => (counts += 1));
    expect(counts).toBe(2);
  });

  test('requests that miss together share one count; one after a write does not join it', async () => {
    const generations = createGenerations();
    const cache = createTotalCache({ generations, maxAgeMs: 60_000, capacity: 10 });
    let release!: (n: number) => void;
    let counts = 0;
    const pending = () => {
      counts += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const a = cache.total('q', [], ['t'], pending);
    const b = cache.total('q', [], ['t'], pending);
    expect(counts).toBe(1);
    const first = release;
    generations.bump(['t']);
    const c = cache.total('q', [], ['t'], pending);
    expect(counts).toBe(2);
    first(1);
    release(2);
    expect(await Promise.all([a, b, c])).toEqual([1, 1, 2]);
  });

  test('a total older than maxAgeMs is counted again (writes no one saw)', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const t = setup(1000);
      await t.total();
      jest.setSystemTime(999);
      await t.total();
      expect(t.counts()).toBe(1);
      jest.setSystemTime(1000);
      await t.total();
      expect(t.counts()).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  test('maxAgeMs 0 counts every time', async () => {
    const t = setup(0);
    await t.total();
    await t.total();
    expect(t.counts()).toBe(2);
  });
});

describe('what a count reads', () => {
  test('quoted identifiers of either quoting, doubled quotes included, in one pass', () => {
    expect([...quotedIdentifiers('SELECT COUNT(*) FROM "orders" t0 WHERE t0."a""b" = ?', 'postgres')]).toEqual([
      'orders',
      'a"b',
    ]);
    expect([...quotedIdentifiers('SELECT 1 FROM `orders` t0 JOIN `x``y` z', 'mysql')]).toEqual(['orders', 'x`y']);
  });

  test('tables map to the types whose writes change them; columns map to nothing', () => {
    const owners = new Map([
      ['orders', new Set(['api::order.order'])],
      ['orders_customer_lnk', new Set(['api::order.order', 'api::customer.customer'])],
    ]);
    const sql =
      'SELECT COUNT(*) FROM "orders" t0 WHERE EXISTS (SELECT 1 FROM "orders_customer_lnk" l WHERE l."order_id" = t0."id")';
    expect(typesRead(sql, 'postgres', owners).sort()).toEqual(['api::customer.customer', 'api::order.order']);
  });
});

describe('total cache: a fixed number of totals', () => {
  test(
    'a flood of distinct 8 KB filter values keeps the latest totals and the heap at their bound',
    async () => {
      const capacity = LIMITS.cachedTotals;
      let counts = 0;
      const count = async () => (counts += 1);
      const cache = createTotalCache({ generations: createGenerations(), maxAgeMs: 60_000, capacity });
      const sql = 'SELECT COUNT(*) FROM "orders" WHERE "note" = $1';
      // A flat string of its own per value, as a query string's value is.
      const value = (i: number) => Buffer.alloc(8000, `${i},`).toString('latin1');
      const total = (i: number) => cache.total(sql, [value(i)], ['api::order.order'], count);
      const bytes = await retainedBytes(async () => {
        for (let i = 0; i < capacity * 2; i += 1) await total(i);
        return cache;
      });
      // ~200 bytes a total; keyed by the values themselves, 10,000 of them held over 80 MB.
      expect(bytes).toBeLessThan(20e6);
      expect(counts).toBe(capacity * 2);
      expect(await total(capacity * 2 - 1)).toBe(capacity * 2); // the latest: kept
      expect(await total(0)).toBe(capacity * 2 + 1); // the oldest: forgotten at the bound, counted again
    },
    HEAP_TEST_MS
  );
});
