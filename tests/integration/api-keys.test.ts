import { createKey } from '../helpers/fixtures';
import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';

/**
 * A key's name: its identity across environments (an import matches keys by it), unique without regard to
 * case, given or made from the description when the key is created, and never changed.
 */

let app: TestApp;
let admin: AdminClient;

const KEYS = 'data_api_keys';
const create = (data: object) => admin.post('/data-api/api-keys', { data });
const nameOf = async (id: number) =>
  (await admin.get('/data-api/api-keys')).body.data.find((k: { id: number }) => k.id === id)?.name;

beforeAll(async () => {
  app = await startApp();
  admin = await app.admin();
});

afterAll(async () => {
  await app?.stop();
});

test('a key takes the name it is given, in lower case', async () => {
  const response = await create({ name: 'Partner_Shop-2', description: 'Partner shop' });
  expect(response.status).toBe(201);
  expect(response.body.data).toMatchObject({ name: 'partner_shop-2', description: 'Partner shop' });
  expect(await nameOf(response.body.data.id)).toBe('partner_shop-2');
});

test('without a name, one is made from the description, unique', async () => {
  const first = await createKey(admin, 'Nightly export (Crème brûlée) ');
  const second = await createKey(admin, 'Nightly export (crème BRÛLÉE)');
  const third = await createKey(admin, '€€€');
  const long = await createKey(admin, `${'x'.repeat(70)}!`);
  const longAgain = await createKey(admin, `${'x'.repeat(70)}?`);
  expect(await nameOf(first.id)).toBe('nightly-export-creme-brulee');
  expect(await nameOf(second.id)).toBe('nightly-export-creme-brulee-2');
  expect(await nameOf(third.id)).toBe('key');
  expect(await nameOf(long.id)).toBe('x'.repeat(64));
  expect(await nameOf(longAgain.id)).toBe(`${'x'.repeat(62)}-2`);
});

test.each([
  ['empty', ''],
  ['a space', 'partner shop'],
  ['a leading dash', '-partner'],
  ['a letter outside a-z', 'crème'],
  ['65 characters', 'a'.repeat(65)],
  ['not a string', 42],
])('a name with %s is refused with 400', async (_label, name) => {
  const response = await create({ name, description: 'Refused' });
  expect(response.status).toBe(400);
  expect(response.body.error.message).toMatch(/^name: /);
});

test('a name is unique without regard to case', async () => {
  expect((await create({ name: 'twin', description: 'First' })).status).toBe(201);
  const response = await create({ name: 'TWIN', description: 'Second' });
  expect(response.status).toBe(400);
  expect(response.body.error.message).toBe('name: "twin" is already the name of a key');
});

test('a name is unique in the database itself', async () => {
  const query = app.strapi.db.query('plugin::data-api.api-key');
  const row = (hash: string) => ({ name: 'raced', description: 'Raced', prefix: 'dapi_x', hash });
  await query.create({ data: row('a'.repeat(128)) });
  // Compared by message: better-sqlite3's native errors come from outside Jest's realm, so toThrow misses them.
  const refused = await query.create({ data: row('b'.repeat(128)) }).then(
    () => null,
    (error: unknown) => error as { message?: string }
  );
  expect(refused?.message).toMatch(/unique|duplicate/i);
});

test("a name is never changed: a key's update takes its description and limit only", async () => {
  const key = await createKey(admin, 'Fixed', 'fixed');
  const change = await admin.put(`/data-api/api-keys/${key.id}`, { data: { name: 'moved' } });
  expect(change.status).toBe(400);
  expect(change.body.error.message).toMatch(/name/);
  expect(await nameOf(key.id)).toBe('fixed');
});

test('keys stored before names existed are named after their description when the plugin starts', async () => {
  const knex = app.strapi.db.connection;
  // The table as an earlier version left it: no name column (Strapi adds it, and its unique index, at boot).
  const indexes: Array<{ name: string; columns: string[]; type?: string }> =
    await app.strapi.db.dialect.schemaInspector.getIndexes(KEYS);
  const unique = indexes.find((i) => i.columns.join() === 'name')!;
  await knex.schema.alterTable(KEYS, (table) => {
    table.dropUnique(['name'], unique.name);
    table.dropColumn('name');
  });
  const now = new Date();
  const old = { description: 'From before', prefix: 'dapi_old', created_at: now, updated_at: now };
  await knex(KEYS).insert([
    { ...old, hash: 'c'.repeat(128) },
    { ...old, hash: 'd'.repeat(128) },
  ]);
  // What a boot does: Strapi syncs the schema, then the plugin's bootstrap names the keys.
  await app.strapi.db.schema.syncSchema();
  await app.strapi.plugin('data-api').service('apiKeys').nameUnnamed();

  const unnamed = await knex(KEYS)
    .whereIn('hash', ['c'.repeat(128), 'd'.repeat(128)])
    .orderBy('id');
  // The name a new key of that description gets: the same in every environment, so an import matches it there.
  expect(unnamed.map((k: { name: string }) => k.name)).toEqual(['from-before', 'from-before-2']);
  const after: typeof indexes = await app.strapi.db.dialect.schemaInspector.getIndexes(KEYS);
  expect(after.find((i) => i.columns.join() === 'name')).toMatchObject({ type: 'unique' });
  const again = await create({ name: 'FROM-BEFORE', description: 'Clash' });
  expect(again.status).toBe(400);
});
