import type { Context } from 'koa';
import { Readable } from 'node:stream';
import { MESSAGES } from '../../contracts/messages';
import { ApiError } from '../../server/src/errors/api-error';
import { isPlainObject } from '../../contracts/json';
import { readJsonBody } from '../../server/src/writes/body';

/** The parts of a Koa context readJsonBody uses: the request's type, its headers, its stream. */
const fakeCtx = (
  chunks: Array<string | Buffer> | Readable,
  options: { json?: boolean; contentLength?: number | string } = {}
) => {
  const headers: Record<string, string> = {};
  if (options.contentLength !== undefined) headers['content-length'] = String(options.contentLength);
  const set = jest.fn();
  const is = jest.fn((type: string) => (options.json !== false && type === 'json' ? 'json' : false));
  const req =
    chunks instanceof Readable
      ? chunks
      : Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));
  const ctx = { is, get: (name: string) => headers[name.toLowerCase()] ?? '', set, req } as unknown as Context;
  return { ctx, set, is, req };
};

/** Deadlines no test here reaches, but those of the deadlines themselves. */
const TIMEOUT = { idleMs: 5000, totalMs: 5000 };

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { status, message, headers } = error as ApiError;
    return { status, message, ...(Object.keys(headers).length ? { headers } : {}) };
  }
  throw new Error('expected an ApiError');
};

/** A stream that fails the test if anything reads it. */
const untouchable = () =>
  new Readable({
    read() {
      throw new Error('the body was read');
    },
  });

describe('readJsonBody', () => {
  test('parses a JSON object', async () => {
    const { ctx, is } = fakeCtx(['{"title":"Pens","quantity":3}']);
    await expect(readJsonBody(ctx, 1000, TIMEOUT)).resolves.toEqual({ title: 'Pens', quantity: 3 });
    expect(is).toHaveBeenCalledWith('json');
  });

  test('parses any JSON value; the caller checks its shape', async () => {
    await expect(readJsonBody(fakeCtx(['[1, ', '{"a":null}]']).ctx, 1000, TIMEOUT)).resolves.toEqual([1, { a: null }]);
    await expect(readJsonBody(fakeCtx(['"text"']).ctx, 1000, TIMEOUT)).resolves.toBe('text');
  });

  test('joins chunks before decoding, so a character split across chunks survives', async () => {
    const bytes = Buffer.from('{"name":"café"}');
    const cut = bytes.indexOf(0xa9); // the second byte of "é"
    const { ctx } = fakeCtx([bytes.subarray(0, cut), bytes.subarray(cut)]);
    await expect(readJsonBody(ctx, 1000, TIMEOUT)).resolves.toEqual({ name: 'café' });
  });

  test('415 unless the request is declared JSON; the body is not read', async () => {
    const { ctx, set } = fakeCtx(untouchable(), { json: false });
    await expect(failure(readJsonBody(ctx, 1000, TIMEOUT))).resolves.toEqual({
      status: 415,
      message: 'Request body must be JSON (Content-Type: application/json)',
    });
    expect(set).not.toHaveBeenCalled();
  });

  test('413 when Content-Length announces more than the limit, before reading, closing the connection', async () => {
    const { ctx, set } = fakeCtx(untouchable(), { contentLength: 101 });
    await expect(failure(readJsonBody(ctx, 100, TIMEOUT))).resolves.toEqual({
      status: 413,
      message: 'Request body is too large (at most 100 bytes)',
    });
    expect(set).toHaveBeenCalledWith('Connection', 'close');
  });

  test('a Content-Length of exactly the limit is fine', async () => {
    const body = `{"a":"${'x'.repeat(92)}"}`;
    expect(body).toHaveLength(100);
    const { ctx, set } = fakeCtx([body], { contentLength: 100 });
    await expect(readJsonBody(ctx, 100, TIMEOUT)).resolves.toEqual({ a: 'x'.repeat(92) });
    expect(set).not.toHaveBeenCalled();
  });

  test('413 when the streamed body exceeds the limit without announcing it', async () => {
    expect(Buffer.byteLength(`{"a":"${'x'.repeat(91)}"}  `)).toBe(101);
    const { ctx, set } = fakeCtx(['{"a":"', 'x'.repeat(91), '"}  ']);
    expect(await failure(readJsonBody(ctx, 100, TIMEOUT))).toEqual({
      status: 413,
      message: 'Request body is too large (at most 100 bytes)',
    });
    expect(set).toHaveBeenCalledWith('Connection', 'close');
  });

  test('413 when the stream sends more than Content-Length announced', async () => {
    const { ctx } = fakeCtx(['{"a":"', 'x'.repeat(200), '"}'], { contentLength: 10 });
    expect((await failure(readJsonBody(ctx, 100, TIMEOUT))).status).toBe(413);
  });

  test('the limit counts bytes, not characters', async () => {
    // 50 two-byte characters: 58 characters of JSON, 108 bytes.
    const body = `{"a":"${'é'.repeat(50)}"}`;
    expect(await failure(readJsonBody(fakeCtx([body]).ctx, 100, TIMEOUT))).toEqual({
      status: 413,
      message: 'Request body is too large (at most 100 bytes)',
    });
    await expect(readJsonBody(fakeCtx([body]).ctx, 108, TIMEOUT)).resolves.toEqual({ a: 'é'.repeat(50) });
  });

  test.each([['{"a":'], ['{a:1}'], [''], ["{'a':1}"], ['{"a":1} x']])('400 on invalid JSON %p', async (text) => {
    expect(await failure(readJsonBody(fakeCtx([text]).ctx, 1000, TIMEOUT))).toEqual({
      status: 400,
      message: 'Request body is not valid JSON',
    });
  });

  describe('with a file allowance (an endpoint with media fields)', () => {
    const files = { bytes: 1000, dataLength: (body: unknown) => String((body as { data?: string }).data ?? '').length };

    test('reads a body past the limit when the file data takes it there', async () => {
      const body = `{"data":"${'A'.repeat(900)}","a":"${'x'.repeat(50)}"}`;
      await expect(readJsonBody(fakeCtx([body]).ctx, 100, TIMEOUT, files)).resolves.toMatchObject({
        a: 'x'.repeat(50),
      });
    });

    test('413 at the limit when the rest of the body is past it, as without files; the connection stays', async () => {
      const { ctx, set } = fakeCtx([`{"data":"AAAA","a":"${'x'.repeat(100)}"}`]);
      expect(await failure(readJsonBody(ctx, 100, TIMEOUT, files))).toEqual({
        status: 413,
        message: 'Request body is too large (at most 100 bytes)',
      });
      expect(set).not.toHaveBeenCalled();
    });

    test('413 past the limit and the allowance together, before reading', async () => {
      const { ctx, set } = fakeCtx(untouchable(), { contentLength: 1101 });
      expect(await failure(readJsonBody(ctx, 100, TIMEOUT, files))).toEqual({
        status: 413,
        message: 'Request body is too large (at most 1100 bytes)',
      });
      expect(set).toHaveBeenCalledWith('Connection', 'close');
    });
  });

  describe('deadlines of its own', () => {
    const LATE = {
      status: 408,
      message: 'Request body not received in time',
      headers: { Connection: 'close' },
    };

    test('408 closing the connection when no byte comes for idleMs', async () => {
      const stalled = new Readable({ read() {} });
      stalled.push('{"a":');
      const started = Date.now();
      const failed = await failure(readJsonBody(fakeCtx(stalled).ctx, 1000, { idleMs: 100, totalMs: 5000 }));
      expect(failed).toEqual(LATE);
      expect(Date.now() - started).toBeLessThan(4000);
    });

    test('408 when a body that keeps coming is not whole after totalMs', async () => {
      const trickle = new Readable({ read() {} });
      trickle.push('{"a":"');
      const drip = setInterval(() => trickle.push('x'), 20);
      try {
        const failed = await failure(readJsonBody(fakeCtx(trickle).ctx, 1000_000, { idleMs: 1000, totalMs: 300 }));
        expect(failed).toEqual(LATE);
      } finally {
        clearInterval(drip);
      }
    });

    test('a slow body that never stalls for idleMs and ends within totalMs is read', async () => {
      const slow = new Readable({ read() {} });
      const parts = ['{"a"', ':', '1', '}'];
      const drip = setInterval(() => slow.push(parts.shift() ?? null), 30);
      try {
        await expect(readJsonBody(fakeCtx(slow).ctx, 1000, { idleMs: 1000, totalMs: 5000 })).resolves.toEqual({ a: 1 });
      } finally {
        clearInterval(drip);
      }
    });
  });

  test('the messages come from the contract', () => {
    expect(MESSAGES.notJson).toBe('Request body must be JSON (Content-Type: application/json)');
    expect(MESSAGES.invalidJson).toBe('Request body is not valid JSON');
  });
});

describe('isPlainObject', () => {
  test.each([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    ['x', false],
    [3, false],
  ])('%p → %p', (value, expected) => {
    expect(isPlainObject(value)).toBe(expected);
  });
});
