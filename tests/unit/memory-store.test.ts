import { LIMITS } from '../../contracts/limits';
import { createLimiters } from '../../server/src/limits/limiter';
import { memoryStore } from '../../server/src/limits/memory-store';
import { HEAP_TEST_MS, retainedBytes } from '../helpers/heap';

const POLICY = { requests: 1, windowSeconds: 60, burst: 1 };
const outcome = (work: Promise<unknown>) =>
  work.then(
    () => 'ok',
    () => 'refused'
  );
/** The i-th of 65,536 x 65,536 IPv6 /64s, as the runtime names a caller (an address subject). */
const slash64 = (i: number) => `ip:2001:db8:${(i >>> 16).toString(16)}:${(i & 0xffff).toString(16)}::/64`;

describe('memory rate-limit store: a fixed number of counts', () => {
  test(
    'a flood of distinct /64s keeps the counts and the heap at their bound',
    async () => {
      // Twice the bound: each caller spends its window and its burst (two counts).
      const callers = LIMITS.memoryStoreCounts;
      let kept = 0;
      const bytes = await retainedBytes(async () => {
        const store = memoryStore();
        const limiter = createLimiters(store)(POLICY, 'e1');
        for (let i = 0; i < callers; i += 1) {
          await limiter.consume(slash64(i));
          await limiter.consume(slash64(i));
        }
        kept = store.counts();
        return store;
      });
      // ~250 bytes a count at the bound; a store that kept every caller held ~1 KB each (100 MB here).
      expect(bytes).toBeLessThan(40e6);
      // Addresses have half the store.
      expect(kept).toBeGreaterThanOrEqual(LIMITS.memoryStoreCounts / 4);
      expect(kept).toBeLessThanOrEqual(LIMITS.memoryStoreCounts / 2);
    },
    HEAP_TEST_MS
  );

  test('a caller counted again is kept; one not counted while the bound was filled starts a fresh window', async () => {
    const store = memoryStore(8); // 4 for addresses
    const limiter = createLimiters(store)({ requests: 1, windowSeconds: 60, burst: 0 }, 'e1');
    const caller = 'ip:198.51.100.7';
    expect(await outcome(limiter.consume(caller))).toBe('ok');
    expect(await outcome(limiter.consume(caller))).toBe('refused');
    await limiter.consume(slash64(0));
    expect(await outcome(limiter.consume(caller))).toBe('refused'); // counted recently: kept
    for (let i = 1; i <= 4; i += 1) await limiter.consume(slash64(i));
    expect(store.counts()).toBeLessThanOrEqual(4);
    expect(await outcome(limiter.consume(caller))).toBe('ok'); // forgotten: a fresh window
  });

  test("a flood of addresses makes the store forget addresses only, never a key's or a user's count", async () => {
    const store = memoryStore(8);
    const limiter = createLimiters(store)({ requests: 1, windowSeconds: 60, burst: 0 }, 'e1');
    for (const subject of ['k7', 'user:site:12']) {
      expect(await outcome(limiter.consume(subject))).toBe('ok');
      expect(await outcome(limiter.consume(subject))).toBe('refused');
    }
    for (let i = 0; i < 100; i += 1) await limiter.consume(`ip:${slash64(i)}`);
    expect(store.counts()).toBeLessThanOrEqual(8);
    // Still counted: the key and the user are still at their limit.
    expect(await outcome(limiter.consume('k7'))).toBe('refused');
    expect(await outcome(limiter.consume('user:site:12'))).toBe('refused');
  });

  test(
    'a subject of any length costs a short key',
    async () => {
      const store = memoryStore(10);
      const limiter = createLimiters(store)({ requests: 1, windowSeconds: 60, burst: 0 }, 'e1');
      const forwarded = 'x'.repeat(8000);
      expect(await outcome(limiter.consume(forwarded))).toBe('ok');
      expect(await outcome(limiter.consume(forwarded))).toBe('refused');
      expect(await outcome(limiter.consume(`${forwarded}y`))).toBe('ok');
      const bytes = await retainedBytes(async () => {
        const big = memoryStore(1000);
        const limit = createLimiters(big)({ requests: 1, windowSeconds: 60, burst: 0 }, 'e1');
        // Flat strings of their own (a concatenation would share `forwarded`).
        for (let i = 0; i < 1000; i += 1) await limit.consume(Buffer.alloc(8000, `${i},`).toString('latin1'));
        return big;
      });
      expect(bytes).toBeLessThan(2e6); // 1,000 subjects of 8 KB kept whole: 8 MB
    },
    HEAP_TEST_MS
  );
});
