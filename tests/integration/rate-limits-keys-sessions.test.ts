import { createEndpoint, createKey } from '../helpers/fixtures';
import { expectTooMany, policyOf, remainingOf } from '../helpers/rate-limits';
import {
  SITE,
  WINDOW,
  app,
  admin,
  key,
  get,
  inTurn,
  nextPath,
  limitedList,
  keyWithLimit,
  cookieOf,
  rateLimitsSuite,
} from '../helpers/rate-limits-suite';

rateLimitsSuite();

describe('an endpoint limit, per API key', () => {
  test('N requests pass, counting down in RateLimit; the next is 429 with Retry-After', async () => {
    const { url } = await limitedList({ requests: 3, windowSeconds: WINDOW });
    const passed = await inTurn(3, () => get(url));
    expect(passed.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const response of passed) expect(policyOf(response)).toEqual({ endpoint: { q: 3, w: WINDOW } });
    expect(passed.map((r) => remainingOf(r).endpoint.r)).toEqual([2, 1, 0]);
    for (const response of passed) {
      expect(remainingOf(response).endpoint.t).toBeGreaterThanOrEqual(1);
      expect(remainingOf(response).endpoint.t).toBeLessThanOrEqual(WINDOW);
    }
    const refused = await get(url);
    expectTooMany(refused, WINDOW);
    expect(policyOf(refused)).toEqual({ endpoint: { q: 3, w: WINDOW } });
    expect(remainingOf(refused).endpoint.r).toBe(0);
    expect(Number(refused.headers['retry-after'])).toBe(remainingOf(refused).endpoint.t);
  });

  test('each key has its own budget on the endpoint', async () => {
    const other = await createKey(admin, 'second caller');
    const { url } = await limitedList({ requests: 2, windowSeconds: WINDOW }, [key, other]);
    expect((await inTurn(3, () => get(url))).map((r) => r.status)).toEqual([200, 200, 429]);
    expect((await inTurn(3, () => get(url, other.secret))).map((r) => r.status)).toEqual([200, 200, 429]);
  });

  test('the window resets: once Retry-After has passed, the budget is whole again', async () => {
    const { url } = await limitedList({ requests: 1, windowSeconds: 1 });
    expect((await get(url)).status).toBe(200);
    const refused = await get(url);
    expectTooMany(refused, 1);
    await new Promise((resolve) => setTimeout(resolve, Number(refused.headers['retry-after']) * 1000 + 50));
    const again = await get(url);
    expect(again.status).toBe(200);
    expect(remainingOf(again).endpoint.r).toBe(0);
  });

  test('the burst lets that many more through once the window is spent, then 429', async () => {
    const { url } = await limitedList({ requests: 2, windowSeconds: WINDOW, burst: 3 });
    const responses = await inTurn(6, () => get(url));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    // r counts the window's budget: the burst is spent with r at 0.
    expect(responses.map((r) => remainingOf(r).endpoint.r)).toEqual([1, 0, 0, 0, 0, 0]);
    expectTooMany(responses[5], WINDOW);
  });

  test('an endpoint without a limit, called with a key without one, answers no rate limit headers', async () => {
    const { url } = await limitedList(null);
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers['ratelimit-policy']).toBeUndefined();
    expect(response.headers['ratelimit']).toBeUndefined();
  });

  test('a CORS preflight is not counted', async () => {
    const { url } = await limitedList({ requests: 2, windowSeconds: WINDOW });
    const preflights = await inTurn(4, () =>
      app.http().options(url).set('Origin', SITE).set('Access-Control-Request-Method', 'GET')
    );
    expect(preflights.map((r) => r.status)).toEqual([204, 204, 204, 204]);
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(remainingOf(response).endpoint.r).toBe(1);
  });

  test('calls refused before the key is known (401) are not counted against the key', async () => {
    const { url } = await limitedList({ requests: 1, windowSeconds: WINDOW });
    const unknown = await inTurn(3, () => get(url, 'dapi_unknown'));
    expect(unknown.map((r) => r.status)).toEqual([401, 401, 401]);
    expect((await get(url)).status).toBe(200);
  });
});

describe("a key's own limit", () => {
  test('is counted across all its endpoints, before the endpoint limit', async () => {
    const limited = await keyWithLimit({ requests: 3, windowSeconds: WINDOW });
    const first = await limitedList(null, [limited]);
    const second = await limitedList({ requests: 10, windowSeconds: WINDOW }, [limited]);
    const a = await get(first.url, limited.secret);
    expect(a.status).toBe(200);
    expect(policyOf(a)).toEqual({ key: { q: 3, w: WINDOW } });
    expect(remainingOf(a).key.r).toBe(2);
    const b = await get(second.url, limited.secret);
    expect(b.status).toBe(200);
    expect(b.headers['ratelimit-policy']).toBe(`"key";q=3;w=${WINDOW}, "endpoint";q=10;w=${WINDOW}`);
    expect(remainingOf(b)).toEqual({ key: { r: 1, t: expect.any(Number) }, endpoint: { r: 9, t: expect.any(Number) } });
    expect((await get(first.url, limited.secret)).status).toBe(200);
    const refused = await get(second.url, limited.secret);
    expectTooMany(refused, WINDOW);
    // The key's limit refused it: the endpoint's budget was not spent.
    expect(remainingOf(refused)).toEqual({ key: { r: 0, t: expect.any(Number) } });
    expect((await get(first.url, limited.secret)).status).toBe(429);
  });

  test("another key's calls do not spend it", async () => {
    const limited = await keyWithLimit({ requests: 1, windowSeconds: WINDOW });
    const { url } = await limitedList(null, [limited, key]);
    expect((await inTurn(3, () => get(url))).map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await inTurn(2, () => get(url, limited.secret))).map((r) => r.status)).toEqual([200, 429]);
  });
});

describe('a session endpoint, per user, else per source address', () => {
  const from = (ip: string, url: string, cookie?: string) => {
    const request = app.http().get(url).set('X-Forwarded-For', ip);
    return cookie ? request.set('Cookie', cookie) : request;
  };
  const sessionEndpoint = async (rateLimit: unknown) => {
    const path = `limited/me/e${nextPath()}`;
    await createEndpoint(admin, key, {
      path,
      type: 'list',
      object: 'api::order.order',
      filter: { customer: { user: { id: { $eq: { $var: 'user.id' } } } } },
      fields: [{ name: 'id' }],
      auth: { method: 'session', userObject: 'plugin::users-permissions.user' },
      rateLimit,
    });
    return `/_api/${path}`;
  };

  test("anonymous and failed calls (401) spend their address budget, never a logged-in user's", async () => {
    const url = await sessionEndpoint({ requests: 2, windowSeconds: WINDOW });
    const anonymous = await inTurn(3, () => from('203.0.113.7', url));
    expect(anonymous.map((r) => r.status)).toEqual([401, 401, 429]);
    expect(policyOf(anonymous[0])).toEqual({ endpoint: { q: 2, w: WINDOW } });
    expectTooMany(anonymous[2], WINDOW);
    const stale = await from('203.0.113.7', url, 'data_api_session=not-a-session');
    expectTooMany(stale, WINDOW);
    // A logged-in user from that address has a budget of their own, whole.
    const cookie = await cookieOf('198.51.100.1');
    const mine = await inTurn(3, () => from('203.0.113.7', url, cookie));
    expect(mine.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(mine.slice(0, 2).map((r) => remainingOf(r).endpoint.r)).toEqual([1, 0]);
    // ...and the same one from any other address.
    expect((await from('203.0.113.8', url, cookie)).status).toBe(429);
  });

  test("one user cannot spend another's budget, even from the same address", async () => {
    const url = await sessionEndpoint({ requests: 2, windowSeconds: WINDOW });
    const [first, second] = [await cookieOf('192.0.2.10'), await cookieOf('192.0.2.10', 'customer2@example.com')];
    expect((await inTurn(3, () => from('192.0.2.10', url, first))).map((r) => r.status)).toEqual([200, 200, 429]);
    const others = await inTurn(2, () => from('192.0.2.10', url, second));
    expect(others.map((r) => r.status)).toEqual([200, 200]);
    expect(others.map((r) => remainingOf(r).endpoint.r)).toEqual([1, 0]);
  });

  test('a cross-site request is refused (403) before it is counted, unless its origin is listed', async () => {
    const url = await sessionEndpoint({ requests: 2, windowSeconds: WINDOW });
    const cookie = await cookieOf('192.0.2.20');
    // Another site's <img>: no Origin, no Referer, only the browser's Sec-Fetch-Site.
    const crossSite = () => from('192.0.2.20', url, cookie).set('Sec-Fetch-Site', 'cross-site');
    for (const refused of await inTurn(3, crossSite)) {
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ success: false, error: 'Cross-site request not allowed' });
      expect(refused.headers.ratelimit).toBeUndefined();
    }
    // The user's own pages still have the whole budget.
    const sameSite = () => from('192.0.2.20', url, cookie).set('Sec-Fetch-Site', 'same-origin');
    const own = await inTurn(2, sameSite);
    expect(own.map((r) => [r.status, remainingOf(r).endpoint.r])).toEqual([
      [200, 1],
      [200, 0],
    ]);
    // A listed origin is another site the owner trusts.
    const other = await sessionEndpoint({ requests: 2, windowSeconds: WINDOW });
    const listed = await from('192.0.2.20', other, cookie).set('Sec-Fetch-Site', 'cross-site').set('Origin', SITE);
    expect(listed.status).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe(SITE);
  });

  test('anonymous calls from addresses of one IPv6 /64 share a budget', async () => {
    const url = await sessionEndpoint({ requests: 2, windowSeconds: WINDOW });
    expect((await from('2001:db8:5:6::1', url)).status).toBe(401);
    expect((await from('2001:db8:5:6:ffff::2', url)).status).toBe(401);
    expect((await from('2001:db8:5:6::3', url)).status).toBe(429);
    expect((await from('2001:db8:5:7::1', url)).status).toBe(401);
  });
});
