/**
 * The packed plugin, installed by npm into an app on the lowest Strapi it supports, in the layout where the
 * plugin resolves another copy of @strapi/utils than Strapi's core does.
 *
 * The app (tests/packaging/javascript-app, with the README's config/plugins.js) depends on @strapi/strapi at the
 * lower end of the plugin's peer range (package.json) and on the newer @strapi/utils this repository develops
 * with: npm puts that one at the top level, where the plugin finds it, and nests Strapi's own under @strapi/core,
 * as a plain install of an app that depends on @strapi/plugin-cloud does. Strapi's error middleware tells errors
 * apart with `instanceof` against its own copy, so it answers errors made by the other copy with a bare 500. The
 * app is started with `strapi start` and called over HTTP: the admin API through Strapi's error middleware, and
 * endpoints under /_api.
 *
 * The install skips install scripts, and better-sqlite3 is this repository's build, linked in: building it from
 * source takes two minutes, and nothing else the app runs needs a script.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { appPackageJson, manifest, PACKAGE, packPlugin, readmeSnippet, ROOT, writeIn } from './packed-plugin';

// The same helper serves scripts/check-docs.js and scripts/redis-server.js, which are plain JavaScript.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require('../../scripts/free-port') as { freePort: () => Promise<number> };

const TEMPLATE = path.join(__dirname, 'javascript-app');
/** The lowest Strapi the plugin supports: the lower end of its peer range. */
const LOWEST = /^\^(\d+\.\d+\.\d+)$/.exec(manifest.peerDependencies['@strapi/strapi'])![1];
const NEWER_UTILS = manifest.devDependencies['@strapi/utils'];
const START_MS = 60_000;

let app: string;
let strapi: ChildProcess;
let output = '';
let base: string;
let adminToken: string;

/** The version and folder of `name` as the module in `from` resolves it, by Node's own rules. */
const resolved = (name: string, from: string) => {
  const file = createRequire(path.join(from, 'package.json')).resolve(`${name}/package.json`);
  return { version: JSON.parse(fs.readFileSync(file, 'utf8')).version as string, folder: path.dirname(file) };
};

/** A JSON call to the app: its status and parsed body. */
const call = async (method: string, url: string, { token, body }: { token?: string; body?: unknown } = {}) => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
};

/** An endpoint definition over the app's notes, for the API keys `keys`. */
const notesEndpoint = (endpoint: { name: string; type: string; fields: { name: string }[] }, keys: number[] = []) => ({
  ...endpoint,
  path: 'notes',
  object: 'api::note.note',
  auth: { method: 'api-key', keys },
});

/** Starts the app with its own `strapi start`; resolves once it answers `/_health`. */
const start = async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const secret = () => randomBytes(16).toString('base64');
  strapi = spawn(process.execPath, [path.join(app, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], {
    cwd: app,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      STRAPI_TELEMETRY_DISABLED: 'true',
      PORT: String(port),
      APP_KEYS: `${secret()},${secret()}`,
      ADMIN_JWT_SECRET: secret(),
      API_TOKEN_SALT: secret(),
      TRANSFER_TOKEN_SALT: secret(),
      ENCRYPTION_KEY: secret(),
      DATA_API_KEY_SECRET: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  strapi.stdout!.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  strapi.stderr!.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  for (const started = Date.now(); Date.now() - started < START_MS; ) {
    if (strapi.exitCode !== null) throw new Error(`strapi start exited with ${strapi.exitCode}:\n${output}`);
    if ((await fetch(`${base}/_health`).catch(() => null))?.status === 204) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not answer within ${START_MS / 1000} s:\n${output}`);
};

beforeAll(async () => {
  app = fs.mkdtempSync(path.join(os.tmpdir(), 'data-api-installed-'));
  fs.cpSync(TEMPLATE, app, { recursive: true });
  fs.mkdirSync(path.join(app, 'public/uploads'), { recursive: true });
  writeIn(app, 'config/plugins.js', readmeSnippet('JavaScript app', 'js'));
  const tarball = packPlugin(app);
  writeIn(app, 'package.json', appPackageJson(tarball, { '@strapi/strapi': LOWEST, '@strapi/utils': NEWER_UTILS }));
  // --prefer-offline: what npm's cache holds (this repository's install filled it) is not asked for again.
  await promisify(execFile)(
    'npm',
    ['install', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: app, maxBuffer: 64 * 1024 * 1024 }
  );
  fs.symlinkSync(path.join(ROOT, 'node_modules/better-sqlite3'), path.join(app, 'node_modules/better-sqlite3'));
  await start();
  const admin = { firstname: 'Ada', lastname: 'Admin', email: 'admin@example.com', password: 'Admin12345!' };
  const registered = await call('POST', '/admin/register-admin', { body: admin });
  if (registered.status !== 200) throw new Error(`register-admin: ${registered.status}\n${output}`);
  adminToken = registered.body.data.token;
});

afterAll(async () => {
  if (strapi && strapi.exitCode === null) {
    const exited = new Promise((resolve) => strapi.once('exit', resolve));
    strapi.kill('SIGTERM');
    const stuck = setTimeout(() => strapi.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(stuck);
  }
  if (app) fs.rmSync(app, { recursive: true, force: true });
});

// The install: about a minute with npm's cache filled, more without it.
jest.setTimeout(5 * 60 * 1000);

test(`the app runs Strapi ${LOWEST}, and the plugin resolves another copy of @strapi/utils than Strapi's core`, () => {
  const core = resolved('@strapi/core', resolved('@strapi/strapi', app).folder);
  expect(core.version).toBe(LOWEST);
  const coreUtils = resolved('@strapi/utils', core.folder);
  const pluginUtils = resolved('@strapi/utils', path.join(app, 'node_modules', PACKAGE));
  expect(pluginUtils.folder).not.toBe(coreUtils.folder);
  expect([pluginUtils.version, coreUtils.version]).toEqual([NEWER_UTILS, LOWEST]);
});

test("the admin API's refusals answer their status and message through Strapi's error middleware", async () => {
  const refusal = (status: number, name: string, message: string, details = {}) => ({
    status,
    body: { data: null, error: { status, name, message, details } },
  });
  const unknownField = notesEndpoint({ name: 'Notes', type: 'list', fields: [{ name: 'titel' }] });
  const problem = 'unknown field "titel" on api::note.note';
  expect(await call('POST', '/data-api/endpoints', { token: adminToken, body: { data: unknownField } })).toEqual(
    refusal(400, 'ValidationError', `fields[0]: ${problem}`, {
      errors: [{ path: ['fields', 0], message: problem, name: 'ValidationError' }],
    })
  );
  expect(await call('POST', '/data-api/endpoints', { token: adminToken, body: unknownField })).toEqual(
    refusal(400, 'ValidationError', 'the request body must be { "data": ... }')
  );
  expect(await call('GET', '/data-api/endpoints/9999', { token: adminToken })).toEqual(
    refusal(404, 'NotFoundError', 'Endpoint not found')
  );
});

test(`on Strapi ${LOWEST}, endpoints write and read records over /_api`, async () => {
  const key = await call('POST', '/data-api/api-keys', { token: adminToken, body: { data: { description: 'Notes' } } });
  expect(key.status).toBe(201);
  for (const endpoint of [
    { name: 'New note', type: 'create', fields: [{ name: 'title' }] },
    { name: 'Notes', type: 'list', fields: [{ name: 'id' }, { name: 'title' }] },
  ]) {
    const data = notesEndpoint(endpoint, [key.body.data.id]);
    expect((await call('POST', '/data-api/endpoints', { token: adminToken, body: { data } })).status).toBe(201);
  }
  const secret = key.body.data.secret;
  const created = await call('POST', '/_api/notes', { token: secret, body: { title: 'Installed' } });
  expect(created).toEqual({ status: 201, body: { success: true, object: 'api::note.note', id: expect.any(Number) } });
  const listed = await call('GET', '/_api/notes', { token: secret });
  expect(listed.status).toBe(200);
  expect(listed.body).toMatchObject({ total: 1, items: [{ id: created.body.id, title: 'Installed' }] });
});
