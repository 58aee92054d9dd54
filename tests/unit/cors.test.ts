import http from 'node:http';
import net from 'node:net';
import type { Core } from '@strapi/strapi';
import Koa, { type Context } from 'koa';
import { ApiError } from '../../server/src/errors/api-error';
import { createCors } from '../../server/src/runtime/cors';

const OWN = 'http://api.example.com';
const PUBLIC = 'https://www.example.com';
const LISTED = 'https://shop.example.com';
const OTHER = 'https://evil.example.net';

const strapiWith = (cors: unknown, serverUrl?: string) => {
  const values: Record<string, unknown> = { 'plugin::data-api.cors': cors, 'server.url': serverUrl };
  return {
    config: {
      get: (key: string) => {
        if (!(key in values)) throw new Error(`unexpected config key ${key}`);
        return values[key];
      },
    },
  } as unknown as Core.Strapi;
};

const cors = createCors(strapiWith({ origins: [LISTED], maxAgeSeconds: 321 }, `${PUBLIC}/cms`));

/** A real Koa context for a request to api.example.com (plain HTTP, so its own origin is OWN). */
const contextOf = (method: string, headers: Record<string, string> = {}, url = '/_api/orders'): Context => {
  const req = new http.IncomingMessage(new net.Socket());
  req.method = method;
  req.url = url;
  req.headers = {
    host: 'api.example.com',
    ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
  };
  const res = new http.ServerResponse(req);
  return new Koa().createContext(req, res) as unknown as Context;
};

const corsHeaders = (ctx: Context) =>
  Object.fromEntries(Object.entries(ctx.response.headers).filter(([k]) => k.startsWith('access-control-')));

const varyOf = (ctx: Context) =>
  String(ctx.response.get('Vary'))
    .split(',')
    .map((v) => v.trim());

/** The ApiError `work` throws; fails the test when it throws none or another. */
const apiErrorOf = (work: () => unknown): ApiError => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected an ApiError');
};

describe('the test contexts', () => {
  test('derive the own origin from the Host header', () => {
    expect(contextOf('GET').origin).toBe(OWN);
  });
});

describe('isPreflight', () => {
  test('OPTIONS with Origin and Access-Control-Request-Method is a preflight', () => {
    expect(cors.isPreflight(contextOf('OPTIONS', { Origin: LISTED, 'Access-Control-Request-Method': 'GET' }))).toBe(
      true
    );
  });

  test.each([
    ['OPTIONS without Origin', 'OPTIONS', { 'Access-Control-Request-Method': 'GET' }],
    ['OPTIONS without Access-Control-Request-Method', 'OPTIONS', { Origin: LISTED }],
    ['GET with both headers', 'GET', { Origin: LISTED, 'Access-Control-Request-Method': 'GET' }],
    ['a bare OPTIONS', 'OPTIONS', {}],
  ])('%s is not', (_, method, headers) => {
    expect(cors.isPreflight(contextOf(method, headers))).toBe(false);
  });
});

describe('preflight', () => {
  const preflightOf = (origin: string) =>
    contextOf('OPTIONS', { Origin: origin, 'Access-Control-Request-Method': 'PATCH' });

  test.each(['credentialed', 'keyed'] as const)('a listed origin is answered by name (%s path)', (mode) => {
    const ctx = preflightOf(LISTED);
    cors.preflight(ctx, ['PATCH', 'DELETE'], mode);
    expect(ctx.status).toBe(204);
    expect(corsHeaders(ctx)).toEqual({
      'access-control-allow-origin': LISTED,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'PATCH, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type, Accept, If-None-Match',
      'access-control-max-age': '321',
    });
    expect(varyOf(ctx)).toEqual(expect.arrayContaining(['Access-Control-Request-Method']));
    expect(varyOf(ctx)).toEqual(expect.arrayContaining(['Access-Control-Request-Headers']));
  });

  test('an unlisted origin is refused by a credentialed path, with no CORS headers', () => {
    const ctx = preflightOf(OTHER);
    const error = apiErrorOf(() => cors.preflight(ctx, ['GET'], 'credentialed'));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Origin not allowed');
    expect(ctx.response.get('Access-Control-Allow-Origin')).toBe('');
    expect(corsHeaders(ctx)).toEqual({});
    expect(ctx.status).not.toBe(204);
  });

  test('an unlisted origin gets "*" without credentials from an API-key path', () => {
    const ctx = preflightOf(OTHER);
    cors.preflight(ctx, ['GET'], 'keyed');
    expect(ctx.status).toBe(204);
    expect(ctx.response.get('Access-Control-Allow-Origin')).toBe('*');
    expect(ctx.response.get('Access-Control-Allow-Credentials')).toBe('');
    expect(ctx.response.get('Access-Control-Allow-Methods')).toBe('GET');
    expect(ctx.response.get('Access-Control-Max-Age')).toBe('321');
  });

  test.each([LISTED, OTHER])('%s gets "*" without credentials from a public path', (origin) => {
    const ctx = preflightOf(origin);
    cors.preflight(ctx, ['GET'], 'public');
    expect(ctx.status).toBe(204);
    expect(ctx.response.get('Access-Control-Allow-Origin')).toBe('*');
    expect(ctx.response.get('Access-Control-Allow-Credentials')).toBe('');
    expect(ctx.response.get('Access-Control-Allow-Methods')).toBe('GET');
  });

  test('the max age follows the config', () => {
    const ctx = preflightOf(LISTED);
    createCors(strapiWith({ origins: [LISTED], maxAgeSeconds: 0 })).preflight(ctx, ['GET'], 'credentialed');
    expect(ctx.response.get('Access-Control-Max-Age')).toBe('0');
  });

  test('without a list of origins, a credentialed path refuses every cross-origin preflight', () => {
    const ctx = preflightOf(LISTED);
    const error = apiErrorOf(() =>
      createCors(strapiWith({ maxAgeSeconds: 600 })).preflight(ctx, ['GET'], 'credentialed')
    );
    expect(error.status).toBe(403);
  });
});

describe('decorate', () => {
  const EXPOSED = 'Link, Allow, Retry-After, WWW-Authenticate, ETag, RateLimit, RateLimit-Policy';

  test.each(['credentialed', 'keyed', 'public'] as const)(
    'a request without Origin gets no CORS headers (%s)',
    (mode) => {
      const ctx = contextOf('GET');
      cors.decorate(ctx, mode);
      expect(corsHeaders(ctx)).toEqual({});
    }
  );

  test.each(['credentialed', 'keyed'] as const)('a listed origin is named, with credentials (%s)', (mode) => {
    const ctx = contextOf('GET', { Origin: LISTED });
    cors.decorate(ctx, mode);
    expect(corsHeaders(ctx)).toEqual({
      'access-control-allow-origin': LISTED,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': EXPOSED,
    });
  });

  test('an unlisted origin gets nothing from a credentialed path', () => {
    const ctx = contextOf('GET', { Origin: OTHER });
    cors.decorate(ctx, 'credentialed');
    expect(corsHeaders(ctx)).toEqual({});
  });

  test('an unlisted origin gets "*" without credentials from an API-key path', () => {
    const ctx = contextOf('GET', { Origin: OTHER });
    cors.decorate(ctx, 'keyed');
    expect(corsHeaders(ctx)).toEqual({
      'access-control-allow-origin': '*',
      'access-control-expose-headers': EXPOSED,
    });
  });

  test.each([LISTED, OTHER])('%s gets "*" and never credentials from a public path', (origin) => {
    const ctx = contextOf('GET', { Origin: origin });
    cors.decorate(ctx, 'public');
    expect(corsHeaders(ctx)).toEqual({
      'access-control-allow-origin': '*',
      'access-control-expose-headers': EXPOSED,
    });
  });

  test('the listed origin must match exactly', () => {
    const ctx = contextOf('GET', { Origin: `${LISTED}:8443` });
    cors.decorate(ctx, 'credentialed');
    expect(corsHeaders(ctx)).toEqual({});
  });
});

describe('checkSource', () => {
  const passes = (method: string, headers: Record<string, string>) => {
    expect(() => cors.checkSource(contextOf(method, headers))).not.toThrow();
  };
  const refused = (method: string, headers: Record<string, string>) => {
    const error = apiErrorOf(() => cors.checkSource(contextOf(method, headers)));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Origin not allowed');
  };

  test.each(['GET', 'POST', 'DELETE'])('%s from the own origin (from Host) passes', (method) => {
    passes(method, { Origin: OWN });
  });

  test('the origin of server.url passes although the Host differs', () => {
    passes('POST', { Origin: PUBLIC });
  });

  test('without server.url only the Host origin is own', () => {
    const plain = createCors(strapiWith({ origins: [LISTED], maxAgeSeconds: 600 }));
    expect(() => plain.checkSource(contextOf('POST', { Origin: OWN }))).not.toThrow();
    expect(() => plain.checkSource(contextOf('POST', { Origin: PUBLIC }))).toThrow(ApiError);
  });

  test.each(['GET', 'POST'])('%s from a listed origin passes', (method) => {
    passes(method, { Origin: LISTED });
  });

  test.each(['GET', 'POST', 'HEAD'])('%s from another origin is refused', (method) => {
    refused(method, { Origin: OTHER });
  });

  test('the own host over another scheme is another origin', () => {
    refused('POST', { Origin: 'https://api.example.com' });
  });

  test.each(['GET', 'POST'])('%s from the opaque origin "null" is refused', (method) => {
    refused(method, { Origin: 'null' });
  });

  test('Origin wins over Referer', () => {
    refused('POST', { Origin: OTHER, Referer: `${OWN}/page` });
  });

  test('without Origin, a Referer of the own origin passes for POST', () => {
    passes('POST', { Referer: `${OWN}/shop/cart?step=2` });
  });

  test('without Origin, a Referer of a listed origin passes for DELETE', () => {
    passes('DELETE', { Referer: `${LISTED}/account` });
  });

  test.each(['GET', 'POST'])('without Origin, a Referer of another site is refused for %s', (method) => {
    refused(method, { Referer: `${OTHER}/attack.html` });
  });

  test.each(['GET', 'HEAD'])('%s naming no origin at all passes', (method) => {
    passes(method, {});
  });

  test.each(['POST', 'PATCH', 'DELETE', 'PUT'])('%s naming no origin at all is refused', (method) => {
    refused(method, {});
  });

  test('an unreadable Referer counts as none', () => {
    passes('GET', { Referer: 'not a url' });
    refused('POST', { Referer: 'not a url' });
  });
});
