import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { knexOf } from '../helpers/fixtures';
import { startApp, type TestApp } from '../helpers/strapi';

/**
 * Browser Session endpoints in a real browser (Debian's chromium): a page on an allowed origin calls one with
 * `fetch(..., { credentials: 'include' })` and gets the user's rows, a page on another origin does not.
 *
 * Everything is `localhost` with different ports: the pages and the API are then the same site, so the browser
 * does send the SameSite=Lax cookie with the other origin's requests too, and only the server's CORS answer and
 * origin check keep that page out. Both pages live in one browser context, so they share the cookie.
 */

// The demo seed's first site user, the `user` of customer 1 (playground/src/site-users.js).
const LOGIN = { identifier: 'customer1@example.com', password: 'Customer123!' };
const CUSTOMER_ID = 1;
const COOKIE = 'data_api_session';
// The page size of a list (contracts/limits.ts): the first page answers the first this many rows.
const PAGE_SIZE = 100;
// What a page's `fetch` does when CORS refuses: it rejects, with nothing of the answer readable.
const REFUSED = { error: expect.stringMatching(/^TypeError: /) };

type Outcome = { status: number; body: unknown } | { error: string };
// The part of `fetch`'s options these calls use, which must cross into the page as JSON.
type Credentials = 'include' | 'omit';
interface Init {
  method?: string;
  credentials: Credentials;
  headers?: Record<string, string>;
  body?: string;
}

let app: TestApp;
let api: string;
let otherOrigin: string;
let browser: Browser;
let context: BrowserContext;
let allowedPage: Page;
let otherPage: Page;
const pageServers: Server[] = [];

/** A request as the API server received and answered it. */
interface Seen {
  method: string;
  url: string;
  origin?: string;
  cookie?: string;
  status: number;
  allowOrigin?: string;
}
// What reached the server: a page cannot tell a request refused by CORS from one that never left the browser.
const seen: Seen[] = [];

// No host: the server takes IPv6 and IPv4, whichever Chromium resolves `localhost` to.
const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, () => resolve((server.address() as AddressInfo).port)));

/** A server of one blank HTML page, whose origin is returned: the page only has to run our scripts. */
const startPageServer = async (title: string) => {
  const server = createServer((request, response) => {
    if (request.url !== '/') return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>${title}</title>`);
  });
  pageServers.push(server);
  return `http://localhost:${await listen(server)}`;
};

/** A `fetch` of `path` on the API, run by `page`: its status and JSON body, or the error it rejected with. */
const call = (page: Page, path: string, init: Init): Promise<Outcome> =>
  page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, init);
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : null };
      } catch (error) {
        return { error: String(error) };
      }
    },
    { url: `${api}${path}`, init }
  );

const logIn = (page: Page) =>
  call(page, '/_api/_session', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(LOGIN),
  });

const myOrders = (page: Page, credentials: Credentials = 'include') => call(page, '/_api/me/orders', { credentials });

const sessionRows = async () => Number((await knexOf(app)('data_api_sessions').count({ n: '*' }).first())?.n);

const sessionCookie = async () => (await context.cookies(api)).find((cookie) => cookie.name === COOKIE);

beforeAll(async () => {
  const allowedOrigin = await startPageServer('allowed');
  otherOrigin = await startPageServer('other');
  app = await startApp({ DATA_API_CORS_ORIGINS: allowedOrigin });
  // Listening before the first supertest call: supertest then uses this port instead of opening (and closing)
  // one of its own on the same server.
  api = `http://localhost:${await listen(app.strapi.server.httpServer)}`;
  app.strapi.server.httpServer.on('request', (request, response) =>
    response.on('finish', () =>
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        origin: request.headers.origin,
        cookie: request.headers.cookie,
        status: response.statusCode,
        allowOrigin: response.getHeader('access-control-allow-origin') as string | undefined,
      })
    )
  );
  const admin = await app.admin();
  const created = await admin.post('/data-api/endpoints', {
    data: {
      name: 'My orders',
      path: 'me/orders',
      type: 'list',
      object: 'api::order.order',
      filter: { customer: { user: { id: { $eq: { $var: 'user.id' } } } } },
      fields: [{ name: 'id' }, { name: 'total' }],
      sort: [{ field: 'id', dir: 'asc' }],
      auth: { method: 'session', userObject: 'plugin::users-permissions.user' },
    },
  });
  if (created.status !== 201) throw new Error(`endpoint refused: ${created.status} ${JSON.stringify(created.body)}`);

  browser = await launchChromium();
  context = await browser.newContext();
  allowedPage = await context.newPage();
  await allowedPage.goto(`${allowedOrigin}/`);
  otherPage = await context.newPage();
  await otherPage.goto(`${otherOrigin}/`);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(
    pageServers.map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    })
  );
  await app?.stop();
});

test('a page on an allowed origin logs in and gets exactly the rows of its user', async () => {
  const sessionsBefore = await sessionRows();
  const login = await logIn(allowedPage);
  expect(login).toMatchObject({
    status: 200,
    body: { success: true, userObject: 'plugin::users-permissions.user', user: { email: LOGIN.identifier } },
  });
  expect(await sessionRows()).toBe(sessionsBefore + 1);

  const orders = app.strapi.db.query('api::order.order');
  const where = { customer: { id: CUSTOMER_ID } };
  const rows = await orders.findMany({ where, orderBy: { id: 'asc' }, limit: PAGE_SIZE });
  const total = await orders.count({ where });
  // Otherwise an endpoint that ignores its filter, or answers nothing, would pass.
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(await orders.count());

  const list = await myOrders(allowedPage);
  expect(list).toMatchObject({ status: 200, body: { page: 1, total } });
  expect((list as { body: { items: unknown[] } }).body.items).toEqual(
    rows.map((row) => ({ id: row.id, total: row.total === null ? null : Number(row.total) }))
  );
});

test('the session cookie is httpOnly and SameSite=Lax: the page cannot read it', async () => {
  // Cookies ignore ports, so a script on localhost:A would see a readable cookie set by localhost:S.
  expect(await allowedPage.evaluate('document.cookie')).not.toContain(COOKIE);
  expect(await sessionCookie()).toMatchObject({
    domain: 'localhost',
    path: '/',
    httpOnly: true,
    secure: false,
    sameSite: 'Lax',
  });
});

test('a page on another origin gets nothing, though its browser sends the cookie', async () => {
  seen.length = 0;
  expect(await myOrders(otherPage)).toEqual(REFUSED);
  // The browser did send the request with the cookie (same site): the server refused it, with no CORS headers.
  expect(seen).toEqual([
    {
      method: 'GET',
      url: '/_api/me/orders',
      origin: otherOrigin,
      cookie: expect.stringContaining(`${COOKIE}=`),
      status: 403,
      allowOrigin: undefined,
    },
  ]);

  // A JSON login needs a preflight; it is refused, so the POST never arrives and no session starts.
  const sessionsBefore = await sessionRows();
  seen.length = 0;
  expect(await logIn(otherPage)).toEqual(REFUSED);
  expect(seen).toEqual([
    { method: 'OPTIONS', url: '/_api/_session', origin: otherOrigin, status: 403, allowOrigin: undefined },
  ]);
  expect(await sessionRows()).toBe(sessionsBefore);

  // And the refused calls did not end the allowed page's session.
  expect(await myOrders(allowedPage)).toMatchObject({ status: 200 });
});

test('without credentials the allowed page gets 401', async () => {
  expect(await myOrders(allowedPage, 'omit')).toEqual({
    status: 401,
    body: { success: false, error: 'Unauthorized' },
  });
});

test('after logout the allowed page gets 401 and the cookie is gone', async () => {
  const sessionsBefore = await sessionRows();
  expect(await call(allowedPage, '/_api/_session', { method: 'DELETE', credentials: 'include' })).toEqual({
    status: 200,
    body: { success: true },
  });
  expect(await sessionRows()).toBe(sessionsBefore - 1);
  expect(await sessionCookie()).toBeUndefined();
  expect(await myOrders(allowedPage)).toEqual({ status: 401, body: { success: false, error: 'Unauthorized' } });
});
