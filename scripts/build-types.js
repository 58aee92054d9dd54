/**
 * The second half of `npm run build`, after `strapi-plugin build`: makes the shipped declarations self-contained.
 *
 * `strapi-plugin build` emits declarations only for the files under server/src and admin/src (into
 * dist/server/src and dist/admin/src), while they import the shared code as `../../../contracts/...`, which from
 * dist/<side>/src/<dir>/ is dist/contracts. This emits contracts/'s declarations there (contracts/tsconfig.build.json),
 * then checks every dist .d.ts: each relative import resolves inside dist, and the `types` of each export exist.
 * Any miss fails the build. tests/packaging/declarations.test.ts type-checks the result in a fresh TypeScript app.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');

const emitContracts = () => {
  fs.rmSync(path.join(DIST, 'contracts'), { recursive: true, force: true });
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'contracts/tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
};

const declarationFiles = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? declarationFiles(path.join(dir, entry.name))
        : entry.name.endsWith('.d.ts')
          ? [path.join(dir, entry.name)]
          : []
    );

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The relative imports of the shipped declarations that do not resolve to a file inside dist. */
const unresolved = () => {
  const problems = [];
  for (const file of declarationFiles(DIST)) {
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, ''));
      const found = [`${target}.d.ts`, path.join(target, 'index.d.ts')].find((f) => fs.existsSync(f));
      if (!found || path.relative(DIST, found).startsWith('..'))
        problems.push(`${path.relative(ROOT, file)}: '${specifier}' does not resolve inside dist`);
    }
  }
  return problems;
};

/** The `types` of package.json's exports, and the root .d.ts beside strapi-server.js and strapi-admin.js. */
const missingEntries = () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const entries = Object.values(pkg.exports)
    .map((exp) => (typeof exp === 'object' ? exp.types : undefined))
    .filter(Boolean)
    .concat(['strapi-server.d.ts', 'strapi-admin.d.ts']);
  return entries.filter((entry) => !fs.existsSync(path.join(ROOT, entry))).map((entry) => `${entry} is missing`);
};

emitContracts();
const problems = [...missingEntries(), ...unresolved()];
if (problems.length) {
  console.error(`The declarations in dist are not self-contained:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('[INFO] declarations are self-contained (dist/contracts emitted)');
