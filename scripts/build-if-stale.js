/**
 * Builds what the playground loads, only when it is missing or older than its sources: the plugin (dist/)
 * and the playground's admin panel, which bundles the plugin's admin (playground/build/).
 */
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PLAYGROUND = path.join(ROOT, 'playground');

const newest = (dir) => {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
};

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

const run = (command, cwd) =>
  execSync(command, { cwd, stdio: 'inherit', env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true' } });

const buildPlugin = () => {
  const sources = Math.max(...['server/src', 'admin/src', 'contracts'].map((d) => newest(path.join(ROOT, d))));
  if (
    mtime(path.join(ROOT, 'dist/server/index.js')) > sources &&
    mtime(path.join(ROOT, 'dist/admin/index.js')) > sources
  )
    return;
  console.log('Building the plugin...');
  run('npm run build', ROOT);
};

const buildAdminPanel = () => {
  const built = mtime(path.join(PLAYGROUND, 'build/index.html'));
  if (built > mtime(path.join(ROOT, 'dist/admin/index.mjs')) && built > newest(path.join(PLAYGROUND, 'src/admin')))
    return;
  console.log('Building the admin panel (about a minute)...');
  run('npx strapi build', PLAYGROUND);
};

module.exports = { buildPlugin, buildAdminPanel, ROOT, PLAYGROUND };

if (require.main === module) {
  buildPlugin();
  if (process.argv.includes('--admin')) buildAdminPanel();
}
