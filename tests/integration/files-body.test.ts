import type { AddressInfo } from 'node:net';
import { createEndpoint, createKey, knexOf, type KeyFixture } from '../helpers/fixtures';
import { file, PDF } from '../helpers/files';
import { sendSlowBody } from '../helpers/slow-body';
import { startApp, type TestApp } from '../helpers/strapi';

/**
 * Body limits of write endpoints with a media field, with the default options (`maxBodyBytes` 1 MB, files up
 * to 10 MB): only the base64 `data` of files may go past `maxBodyBytes`, the rest of the body may not. And the
 * time a body may take, with short deadlines (a stall of 2 s, 6 s in all) so that the tests need not wait long.
 */
const ORDER = 'api::order.order';
const MAX_BODY_BYTES = 1024 * 1024;
const TOO_LARGE = { success: false, error: `Request body is too large (at most ${MAX_BODY_BYTES} bytes)` };
const BODY_IDLE_MS = 2000;
const BODY_TOTAL_MS = 6000;

let app: TestApp;
let key: KeyFixture;

const post = (path: string, body: unknown) =>
  app
    .http()
    .post(path)
    .set('Authorization', `Bearer ${key.secret}`)
    .send(body as object);
const orders = async () => Number((await knexOf(app)('orders').count({ n: '*' }))[0].n);

beforeAll(async () => {
  app = await startApp({ DATA_API_BODY_IDLE_MS: String(BODY_IDLE_MS), DATA_API_BODY_TOTAL_MS: String(BODY_TOTAL_MS) });
  const admin = await app.admin();
  key = await createKey(admin);
  const fields = [{ name: 'quantity' }, { name: 'note' }];
  await createEndpoint(admin, key, { path: 'notes', type: 'create', object: ORDER, fields });
  await createEndpoint(admin, key, {
    path: 'attachments',
    type: 'create',
    object: ORDER,
    fields: [...fields, { name: 'attachment' }],
  });
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe('a write endpoint with a media field', () => {
  const bigNote = { quantity: 1, note: 'x'.repeat(2 * MAX_BODY_BYTES) };

  it('caps the fields besides file data as an endpoint without media fields does (413)', async () => {
    const before = await orders();
    const plain = await post('/_api/notes', bigNote);
    expect(plain.status).toBe(413);
    expect(plain.body).toEqual(TOO_LARGE);
    const withMedia = await post('/_api/attachments', bigNote);
    expect(withMedia.status).toBe(413);
    expect(withMedia.body).toEqual(TOO_LARGE);
    expect(await orders()).toBe(before);
  });

  it('counts a file-like object in a field that is not a media field as ordinary data', async () => {
    const response = await post('/_api/attachments', {
      quantity: 1,
      note: { data: 'A'.repeat(2 * MAX_BODY_BYTES), name: 'x.pdf' },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(TOO_LARGE);
  });

  it('accepts a file larger than maxBodyBytes, and small fields with it', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(3 * MAX_BODY_BYTES, 0x20)]);
    const response = await post('/_api/attachments', {
      quantity: 2,
      note: 'n'.repeat(400),
      attachment: file(big, 'big.pdf'),
    });
    expect(response.status).toBe(201);
    const [fileId] = await knexOf(app)('files_related_mph')
      .where({ related_type: ORDER, related_id: response.body.id, field: 'attachment' })
      .pluck('file_id');
    const stored = await knexOf(app)('files').where({ id: fileId }).first();
    expect(stored.mime).toBe('application/pdf');
    expect(Number(stored.size)).toBeCloseTo(big.length / 1000, 1); // Strapi keeps sizes in kB
  });
});

describe('a body that comes too slowly', () => {
  const LATE = { success: false, error: 'Request body not received in time' };
  let port: number;

  beforeAll(async () => {
    const server = app.strapi.server.httpServer;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  /** A Create whose body announces 1,000 bytes and sends the start of an order. */
  const slowCreate = (dripMs?: number) =>
    sendSlowBody({
      port,
      path: '/_api/notes',
      headers: { Authorization: `Bearer ${key.secret}` },
      contentLength: 1000,
      start: '{"quantity": 1, "note": "slow"',
      dripMs,
      // Far under Node's own requestTimeout (300 s), which ended such a request before.
      giveUpMs: 45_000,
    });

  /** A Create sent slowly (a byte every `dripMs`, or stalled) gets 408 after `deadlineMs`, closed; nothing written. */
  const expectLate = async (dripMs: number | undefined, deadlineMs: number) => {
    const before = await orders();
    const answer = await slowCreate(dripMs);
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(LATE);
    expect(answer.headers.connection).toBe('close');
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(deadlineMs - 100);
    expect(await orders()).toBe(before);
  };

  it('answers 408 and closes the connection when the body stalls; nothing is written', async () => {
    await expectLate(undefined, BODY_IDLE_MS);
  }, 60_000);

  it('answers 408 when a body that keeps coming is not whole within the total deadline', async () => {
    // A byte every 100 ms: never idle for the 2 s deadline.
    await expectLate(100, BODY_TOTAL_MS);
  }, 60_000);

  it('a request refused before its body is read closes the connection with its answer', async () => {
    // No valid key: 401 before the body; Node would otherwise read the stalled body on for minutes.
    const answer = await sendSlowBody({
      port,
      path: '/_api/notes',
      headers: { Authorization: 'Bearer dapi_not-a-key' },
      contentLength: 1000,
      start: '{"quantity": 1',
      giveUpMs: 45_000,
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe('close');
    expect(answer.elapsedMs).toBeLessThan(BODY_IDLE_MS);
  }, 60_000);
});
