import { createHash } from 'node:crypto';
import type supertest from 'supertest';
import { createEndpoint, knexOf } from '../helpers/fixtures';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * Conditional GETs: List and Aggregate answers carry a strong ETag, the hash of their bytes,
 * and `If-None-Match` gets `304` without a body while they are unchanged. Writes through `/_api` and through
 * Strapi's Document Service change it; errors and writes carry none.
 */
const { app, admin, key } = keyedSuite();

const ORDER = 'api::order.order';
const LIST = '/_api/etag/orders';
const AGGREGATE = '/_api/etag/orders/by-status';

const get = (url: string, ifNoneMatch?: string) => {
  const request = app.http().get(url).set('Authorization', `Bearer ${key.secret}`);
  return ifNoneMatch === undefined ? request : request.set('If-None-Match', ifNoneMatch);
};
const patchNote = (id: number, note: string) =>
  app.http().patch(`/_api/etag/orders/note/${id}`).set('Authorization', `Bearer ${key.secret}`).send({ note });

/** Independent expectation: the quoted SHA-1 of the bytes received, in base64url. */
const tagOf = (response: supertest.Response) =>
  `"${createHash('sha1').update(Buffer.from(response.text, 'utf8')).digest('base64url')}"`;

/** A full answer with its validator, which must be the hash of exactly the bytes sent. */
const expectTagged = (response: supertest.Response) => {
  expect(response.status).toBe(200);
  expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  expect(response.headers.etag).toBe(tagOf(response));
  expect(response.headers['cache-control']).toBe('private, no-cache');
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.headers.etag as string;
};

const expectNotModified = (response: supertest.Response, tag: string) => {
  expect(response.status).toBe(304);
  expect(response.text).toBe('');
  expect(response.headers['content-type']).toBeUndefined();
  expect(response.headers.etag).toBe(tag);
  expect(response.headers['cache-control']).toBe('private, no-cache');
  expect(response.headers.vary).toMatch(/\bOrigin\b/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
};

const expectUntagged = (response: supertest.Response, status: number) => {
  expect(response.status).toBe(status);
  expect(response.headers.etag).toBeUndefined();
  expect(response.headers['cache-control']).toBe('no-store');
};

beforeAll(async () => {
  await createEndpoint(admin, key, {
    path: 'etag/orders',
    type: 'list',
    object: ORDER,
    filter: { id: { $lte: 5 } },
    fields: [{ name: 'id' }, { name: 'quantity' }, { name: 'status' }, { name: 'note' }],
    sort: [{ field: 'id', dir: 'asc' }],
  });
  await createEndpoint(admin, key, {
    path: 'etag/orders/by-status',
    type: 'aggregate',
    object: ORDER,
    aggregate: {
      dimensions: [{ variable: 'status', field: 'status' }],
      measures: [
        { variable: 'orders', op: 'count' },
        { variable: 'quantity', op: 'sum', field: 'quantity' },
      ],
    },
  });
  await createEndpoint(admin, key, {
    path: 'etag/orders/note',
    type: 'modify',
    object: ORDER,
    parameter: 'required',
    fields: [{ name: 'note' }],
  });
});

describe('List', () => {
  test('carries a strong ETag, the hash of its bytes, the same while the data is', async () => {
    const first = await get(LIST);
    const tag = expectTagged(first);
    expect(first.body.items.map((i: { id: number }) => i.id)).toEqual([1, 2, 3, 4, 5]);
    const second = await get(LIST);
    expect(expectTagged(second)).toBe(tag);
    expect(second.text).toBe(first.text);
    // Another answer of the same endpoint is other bytes, so another tag.
    const other = await get(`${LIST}?id:gt=2`);
    expect(expectTagged(other)).not.toBe(tag);
  });

  test('answers 304 without a body when If-None-Match names its tag: alone, in a list, weak, or *', async () => {
    const tag = expectTagged(await get(LIST));
    for (const condition of [tag, `"other", ${tag}`, `"a",${tag},"b"`, `W/${tag}`, ` W/"x" , W/${tag} `, '*']) {
      expectNotModified(await get(LIST, condition), tag);
    }
  });

  test('answers in full to a tag that is not its own, and to malformed or hostile values', async () => {
    const tag = expectTagged(await get(LIST));
    const bare = tag.slice(1, -1);
    const others = Array.from({ length: 300 }, (_, i) => `"tag-${i}"`).join(', ');
    const conditions = [
      '"other"',
      'W/"other"',
      bare, // unquoted
      `"a"${bare}"`, // the tag inside junk, not a tag of the list
      `${tag}junk`,
      `W/W/${tag}`,
      `"unterminated, ${tag}`,
      `*, ${tag}`,
      '"'.repeat(12_000),
      'W/'.repeat(6_000),
      ','.repeat(12_000),
      others, // long and valid, without its tag
    ];
    for (const condition of conditions) {
      const response = await get(LIST, condition);
      expect(expectTagged(response)).toBe(tag);
      expect(response.body.items).toHaveLength(5);
    }
    // The same long list with its tag at the end is read to the end.
    expectNotModified(await get(LIST, `${others}, ${tag}`), tag);
  });

  test('a write through /_api changes the tag: the old one gets the new answer in full', async () => {
    const before = expectTagged(await get(LIST));
    const write = await patchNote(2, 'changed through /_api');
    expectUntagged(write, 200);
    const after = await get(LIST, before);
    const tag = expectTagged(after);
    expect(tag).not.toBe(before);
    expect(after.body.items[1].note).toBe('changed through /_api');
    expectNotModified(await get(LIST, tag), tag);
  });

  test("a write through Strapi's Document Service changes the tag", async () => {
    const before = expectTagged(await get(LIST));
    const row = await knexOf(app)('orders').where('id', 3).first();
    const quantity = Number(row.quantity) === 7 ? 8 : 7;
    await app.strapi.documents(ORDER).update({ documentId: row.document_id, data: { quantity } as never });
    const after = await get(LIST, before);
    expect(expectTagged(after)).not.toBe(before);
    expect(after.body.items[2].quantity).toBe(quantity);
  });
});

describe('Aggregate', () => {
  test('carries the hash of its bytes, answers 304 to it, and changes after a write', async () => {
    const first = await get(AGGREGATE);
    const tag = expectTagged(first);
    expect(expectTagged(await get(AGGREGATE))).toBe(tag);
    expectNotModified(await get(AGGREGATE, tag), tag);
    expectNotModified(await get(AGGREGATE, `W/${tag}`), tag);
    const paid = (body: { items: Array<{ dimensions: { status: string }; measures: { orders: number } }> }) =>
      body.items.find((i) => i.dimensions.status === 'paid')?.measures.orders ?? 0;
    await app.strapi.documents(ORDER).create({ data: { quantity: 1, status: 'paid' } as never });
    const after = await get(AGGREGATE, tag);
    expect(expectTagged(after)).not.toBe(tag);
    expect(paid(after.body)).toBe(paid(first.body) + 1);
  });
});

describe('no tag', () => {
  test('on errors: a refused query, no key, an unknown path', async () => {
    expectUntagged(await get(`${LIST}?quantity=many`), 400);
    expectUntagged(await app.http().get(LIST), 401);
    expectUntagged(await get('/_api/etag/nothing-here'), 404);
    // A condition changes nothing on an error.
    expectUntagged(await get(`${LIST}?quantity=many`, '*'), 400);
  });

  test('on writes, whatever If-None-Match says', async () => {
    const response = await patchNote(1, 'a note').set('If-None-Match', '*');
    expectUntagged(response, 200);
  });
});
