/**
 * The shipped declarations type-check in a fresh TypeScript Strapi app: `strict`, without `skipLibCheck`.
 *
 * Packs the built plugin (`npm pack`, as docs/install.md says), unpacks the tarball into the node_modules of an
 * app made from create-strapi-app 5.54.0's TypeScript template (tests/packaging/strapi-app: its tsconfig.json,
 * src/admin/tsconfig.json and config/plugins.ts, with `skipLibCheck` turned off), with this repository's
 * node_modules standing in for the app's other dependencies, and runs `tsc --noEmit` on the server and the admin
 * tsconfig. The app imports `strapi-plugin-data-api/strapi-server` and `/strapi-admin`, adds the README's
 * `data-api` entry to config/plugins.ts, and references every shipped .d.ts.
 *
 * @strapi/strapi 5.54.0's own declarations do not pass `strict` without `skipLibCheck` (modules without types,
 * @strapi/core's augmentation of koa's `query`, knex's types): with or without this plugin, the same errors,
 * all inside node_modules. So the test fails on any error in the plugin's files or the app's, not on those.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appPackageJson, PACKAGE, packPlugin, readmeSnippet, ROOT, writeIn } from './packed-plugin';

const TEMPLATE = path.join(__dirname, 'strapi-app');
const TSC = require.resolve('typescript/bin/tsc');

let app: string;
let installed: string;

const write = (file: string, text: string) => writeIn(app, file, text);

/** The template's tsconfig with `skipLibCheck` off (the template turns it on). */
const withLibCheck = (file: string) => {
  const text = fs.readFileSync(path.join(TEMPLATE, file), 'utf8');
  const changed = text.replace('"skipLibCheck": true', '"skipLibCheck": false');
  expect(changed).not.toBe(text);
  expect(changed).toContain('"strict": true');
  write(file, changed);
};

/** The README's TypeScript snippet, its `'data-api'` entry added to the template's config/plugins.ts. */
const pluginsWithReadmeEntry = () => {
  const snippet = readmeSnippet('TypeScript app', 'ts');
  const entry = snippet.match(/^( +)'data-api': \{\n[\s\S]*?^\1\},\n/m)?.[0];
  if (!entry) throw new Error("README.md: no `'data-api'` entry in the TypeScript app's config/plugins.ts snippet");
  const template = fs.readFileSync(path.join(TEMPLATE, 'config/plugins.ts'), 'utf8');
  const merged = template.replace(/^ {2}upload: \{$/m, `${entry}  upload: {`);
  expect(merged).not.toBe(template);
  return { snippet, merged };
};

/** Every .d.ts of the unpacked package under `dir`, as `/// <reference path>` lines relative to `from`. */
const references = (dir: string, from: string): string => {
  const walk = (d: string): string[] =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith('.d.ts') ? [path.join(d, e.name)] : []
      );
  const files = walk(path.join(installed, dir));
  expect(files.length).toBeGreaterThan(0);
  return files.map((f) => `/// <reference path="${path.relative(from, f)}" />`).join('\n');
};

interface Diagnostic {
  file: string | null;
  line: string;
}

/** `tsc --noEmit -p <tsconfig> --listFiles`: its errors and the files of the program. */
const typeCheck = (tsconfig: string): Promise<{ errors: Diagnostic[]; files: string[]; output: string }> =>
  new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [TSC, '--noEmit', '-p', tsconfig, '--incremental', 'false', '--listFiles', '--pretty', 'false'],
      { cwd: app, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        // tsc exits with 2 when it reports errors; anything else is a crash.
        if (error && error.code !== 2) return reject(error);
        const lines = stdout.split('\n').filter(Boolean);
        const errors = lines
          .filter((line) => / error TS\d+:/.test(line))
          .map((line) => {
            const located = line.match(/^(.+?)\(\d+,\d+\): error TS\d+:/);
            return { file: located ? path.resolve(app, located[1]) : null, line };
          });
        const files = lines.filter((line) => path.isAbsolute(line) && !/ error TS\d+:/.test(line));
        resolve({ errors, files, output: stdout });
      }
    );
  });

/** An error in the plugin's files or the app's own, or one without a file (a config error). */
const ours = (d: Diagnostic) =>
  d.file === null ||
  d.file.startsWith(installed + path.sep) ||
  (d.file.startsWith(app + path.sep) && !d.file.startsWith(path.join(app, 'node_modules') + path.sep));

beforeAll(() => {
  app = fs.mkdtempSync(path.join(os.tmpdir(), 'data-api-dts-'));
  const filename = packPlugin(app);
  installed = path.join(app, 'node_modules', PACKAGE);
  fs.mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(app, filename), '-C', installed, '--strip-components=1']);

  // The app's other dependencies: this repository's (Strapi 5.54.0, React 18, TypeScript, their types).
  const modules = fs.realpathSync(path.join(ROOT, 'node_modules'));
  for (const name of fs.readdirSync(modules)) {
    if (name === PACKAGE || name.startsWith('.')) continue;
    fs.symlinkSync(path.join(modules, name), path.join(app, 'node_modules', name));
  }

  write('package.json', appPackageJson(filename, { '@strapi/strapi': '5.54.0' }));
  withLibCheck('tsconfig.json');
  withLibCheck('src/admin/tsconfig.json');
  write('config/plugins.ts', pluginsWithReadmeEntry().merged);
  write(
    'src/data-api.ts',
    `import type { Core } from '@strapi/strapi';
import plugin from '${PACKAGE}/strapi-server';

type Lifecycle = (deps: { strapi: Core.Strapi }) => unknown;
export const lifecycles: Lifecycle[] = [plugin.register, plugin.bootstrap, plugin.destroy];
export const services: string[] = Object.keys(plugin.services);
export const controllers: string[] = Object.keys(plugin.controllers);
export const contentTypes: string[] = Object.keys(plugin.contentTypes);
export const defaults: number = plugin.config.default.refreshIntervalMs;
`
  );
  write(
    'src/data-api-declarations.ts',
    `${references('dist/server', path.join(app, 'src'))}\n${references('dist/contracts', path.join(app, 'src'))}\nexport {};\n`
  );
  write(
    'src/admin/data-api.ts',
    `import admin from '${PACKAGE}/strapi-admin';

export const register: (app: any) => void = admin.register;
export const translations: Promise<{ data: Record<string, unknown>; locale: string }[]> = admin.registerTrads({
  locales: ['en'],
});
`
  );
  write('src/admin/data-api-declarations.ts', `${references('dist/admin', path.join(app, 'src/admin'))}\nexport {};\n`);
});

afterAll(() => {
  if (app) fs.rmSync(app, { recursive: true, force: true });
});

// Each tsc run reads all of Strapi's declarations: about 40 s on 2 cores.
jest.setTimeout(5 * 60 * 1000);

test("README's TypeScript snippet for config/plugins.ts is a whole, typed file", () => {
  const { snippet } = pluginsWithReadmeEntry();
  expect(snippet).toContain("import type { Core } from '@strapi/strapi';");
  expect(snippet).toContain('({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin =>');
});

test('the server and admin declarations type-check in a fresh TypeScript app (strict, no skipLibCheck)', async () => {
  const [server, admin] = await Promise.all([typeCheck('tsconfig.json'), typeCheck('src/admin/tsconfig.json')]);

  // The programs did read the package's declarations, through the entry points and the references.
  const inPackage = (files: string[]) => files.filter((f) => f.startsWith(installed + path.sep));
  expect(inPackage(server.files)).toEqual(
    expect.arrayContaining([
      path.join(installed, 'strapi-server.d.ts'),
      path.join(installed, 'dist/server/src/index.d.ts'),
      path.join(installed, 'dist/contracts/definition.d.ts'),
    ])
  );
  expect(inPackage(admin.files)).toEqual(expect.arrayContaining([path.join(installed, 'dist/admin/src/index.d.ts')]));
  expect(server.files).toContain(path.join(app, 'config/plugins.ts'));

  // No error in the plugin's declarations or in the app's files that use them.
  expect(server.errors.filter(ours).map((d) => d.line)).toEqual([]);
  expect(admin.errors.filter(ours).map((d) => d.line)).toEqual([]);
});
