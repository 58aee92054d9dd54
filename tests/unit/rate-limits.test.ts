import { RateLimiterRes } from 'rate-limiter-flexible';
import { budgetLeft, seconds } from '../../server/src/limits/spending';
import { createBreaker } from '../../server/src/limits/breaker';
import { createLimiters } from '../../server/src/limits/limiter';
import { createOutage } from '../../server/src/limits/outage';
import { openStore } from '../../server/src/limits/store';
import { ApiError } from '../../server/src/errors/api-error';
import { policyMember, remainingMember } from '../../server/src/runtime/rate-limit-headers';
import { refusalOf } from '../../server/src/runtime/rate-limit';

const OPTIONS = {
  store: 'memory',
  prefix: 'rl',
  onStoreError: 'allow',
  storeTimeoutMs: 200,
  storeCooldownMs: 5000,
} as const;

describe('headers', () => {
  test('seconds are whole and rounded up, never negative', () => {
    expect([0, 1, 999, 1000, 1001, 59_999, -5].map(seconds)).toEqual([0, 1, 1, 1, 2, 60, 0]);
  });

  test('list members in the draft shape', () => {
    expect(policyMember('endpoint', { requests: 100, windowSeconds: 60, burst: 5 })).toBe('"endpoint";q=100;w=60');
    expect(remainingMember(budgetLeft('key', new RateLimiterRes(42, 16_200)))).toBe('"key";r=42;t=17');
  });
});

describe('limiters (memory store)', () => {
  const limiterOf = async () => createLimiters(await openStore({} as never, OPTIONS));
  const outcomes = async (consume: () => Promise<unknown>, n: number) => {
    const results = [];
    for (let i = 0; i < n; i += 1)
      results.push(
        await consume().then(
          () => 'ok',
          () => 'refused'
        )
      );
    return results;
  };

  test('requests, then the burst, then refused with the time until the window ends', async () => {
    const limiter = (await limiterOf())({ requests: 2, windowSeconds: 60, burst: 1 }, 'e1');
    expect(await outcomes(() => limiter.consume('k1'), 4)).toEqual(['ok', 'ok', 'ok', 'refused']);
    const refused = await limiter.consume('k1').catch((res: RateLimiterRes) => res);
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect((refused as RateLimiterRes).msBeforeNext).toBeGreaterThan(59_000);
    expect((refused as RateLimiterRes).msBeforeNext).toBeLessThanOrEqual(60_000);
  });

  test('one limiter per policy and scope: each subject, scope and policy counts apart', async () => {
    const limiters = await limiterOf();
    const policy = { requests: 1, windowSeconds: 60, burst: 0 };
    expect(limiters(policy, 'e1')).toBe(limiters({ ...policy }, 'e1'));
    await limiters(policy, 'e1').consume('k1');
    await expect(limiters(policy, 'e1').consume('k1')).rejects.toBeInstanceOf(RateLimiterRes);
    await expect(limiters(policy, 'e1').consume('k2')).resolves.toBeInstanceOf(RateLimiterRes);
    await expect(limiters(policy, 'e2').consume('k1')).resolves.toBeInstanceOf(RateLimiterRes);
    // A changed policy starts with a full budget.
    await expect(limiters({ ...policy, requests: 2 }, 'e1').consume('k1')).resolves.toBeInstanceOf(RateLimiterRes);
  });
});

describe('outage', () => {
  const logger = () => ({ warn: jest.fn(), info: jest.fn() });
  const outageWith = (onStoreError: 'allow' | 'refuse') => {
    const log = logger();
    const outage = createOutage({ log } as never, { ...OPTIONS, store: 'redis', onStoreError });
    return { log, outage };
  };

  test('allow: requests pass; one warning per outage, one info line when the store answers again', () => {
    const { log, outage } = outageWith('allow');
    outage.answered();
    expect(log.info).not.toHaveBeenCalled();
    for (let i = 0; i < 3; i += 1) expect(outage.failed(new Error('Connection is closed.'))).toBe('allow');
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0][0]).toMatch(
      /rate limit store \(redis\) cannot be reached \(Connection is closed\.\)/
    );
    outage.answered();
    outage.answered();
    expect(log.info).toHaveBeenCalledTimes(1);
    outage.failed(new Error('again'));
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  test('refuse: every request while it lasts gets a 503 in the error shape, never a 500', () => {
    const { log, outage } = outageWith('refuse');
    for (let i = 0; i < 2; i += 1) {
      expect(outage.failed(new Error('no answer within 200 ms'))).toBe('refuse');
      const thrown = refusalOf({ refused: 'unavailable' }, {});
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).status).toBe(503);
      expect((thrown as ApiError).message).toBe('Rate limits cannot be checked right now: try again later');
    }
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});

describe('circuit breaker', () => {
  const COOLDOWN = 5000;
  const clocked = () => {
    const clock = { now: 1_000_000 };
    return { clock, breaker: createBreaker(COOLDOWN, () => clock.now) };
  };
  const admitted = (breaker: ReturnType<typeof createBreaker>) => breaker.admits() !== null;

  test('closed, every request asks the store; after a failure none does until the cool-down ends', () => {
    const { clock, breaker } = clocked();
    expect([admitted(breaker), admitted(breaker)]).toEqual([true, true]);
    breaker.failed(0);
    clock.now += COOLDOWN - 1;
    expect([admitted(breaker), admitted(breaker)]).toEqual([false, false]);
  });

  test('after the cool-down one request probes while the others still skip; its answer decides', () => {
    const { clock, breaker } = clocked();
    breaker.failed(0);
    clock.now += COOLDOWN;
    const probe = breaker.admits()!;
    expect(admitted(breaker)).toBe(false);
    // The probe failed: another whole cool-down.
    breaker.failed(probe);
    clock.now += COOLDOWN - 1;
    expect(admitted(breaker)).toBe(false);
    clock.now += 1;
    const second = breaker.admits()!;
    breaker.succeeded(second);
    expect([admitted(breaker), admitted(breaker)]).toEqual([true, true]);
  });

  test('a request admitted before the latest failure decides nothing when it answers late', () => {
    const { clock, breaker } = clocked();
    const slow = breaker.admits()!;
    const failing = breaker.admits()!;
    breaker.failed(failing);
    // The slow request's success does not close the breaker during its cool-down ...
    breaker.succeeded(slow);
    expect(admitted(breaker)).toBe(false);
    clock.now += COOLDOWN;
    breaker.succeeded(breaker.admits()!);
    // ... nor does its failure open it again once a probe closed it.
    breaker.failed(slow);
    expect(admitted(breaker)).toBe(true);
  });
});
