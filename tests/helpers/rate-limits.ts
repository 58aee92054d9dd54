import type { AddressInfo } from 'node:net';
import supertest, { type Response } from 'supertest';
import type { TestApp } from './strapi';

/**
 * The playground's environment for a shared store (Redis, the database) that is given time to answer: the
 * plugin counts a store slower than `storeTimeoutMs` (200 ms by default) as down, and on a loaded CI machine a
 * burst's commands can wait longer than that. Suites that count exactly use it; a store that is really down
 * still fails at once (a refused connection).
 */
export const PATIENT_STORE = { DATA_API_RATE_LIMIT_STORE_TIMEOUT_MS: '3000' };

/**
 * Has the app listen on 127.0.0.1 and answers a client of that origin: concurrent requests then share one
 * server (supertest would otherwise open a server per request on the app's unbound one).
 */
export const listening = async (app: TestApp) => {
  const server = app.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return () => supertest(origin);
};

/**
 * The members of a `RateLimit-Policy` or `RateLimit` header (draft-ietf-httpapi-ratelimit-headers), by name:
 * `"key";q=3;w=60, "endpoint";q=5;w=60` -> { key: { q: 3, w: 60 }, endpoint: { q: 5, w: 60 } }. Throws on
 * anything else, so a malformed header fails the test that reads it.
 */
export const membersOf = (header: string | undefined): Record<string, Record<string, number>> => {
  if (header === undefined) return {};
  return Object.fromEntries(
    header.split(', ').map((member) => {
      const match = /^"([a-z]+)"((?:;[a-z]=\d+)+)$/.exec(member);
      if (!match) throw new Error(`not a list member of the draft's shape: ${member} (in ${header})`);
      const params = match[2]
        .slice(1)
        .split(';')
        .map((p) => p.split('='));
      return [match[1], Object.fromEntries(params.map(([k, v]) => [k, Number(v)]))];
    })
  );
};

export const policyOf = (response: Response) => membersOf(response.headers['ratelimit-policy']);
export const remainingOf = (response: Response) => membersOf(response.headers['ratelimit']);

/** A 429 in the spec's error shape, with a `Retry-After` of whole seconds within `windowSeconds`. */
export const expectTooMany = (response: Response, windowSeconds: number) => {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 429,
    body: { success: false, error: 'Too many requests' },
  });
  const retryAfter = response.headers['retry-after'];
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(windowSeconds);
};

/** Statuses of `responses`, counted: { 200: 5, 429: 10 }. */
export const statusCounts = (responses: Array<{ status: number }>) =>
  responses.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});
