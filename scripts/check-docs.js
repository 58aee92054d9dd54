'use strict';

/**
 * `npm run check:docs`: the documentation says what the package holds and does (docs/development.md,
 * "Checking the documentation").
 *
 *   (a) Links and citations: relative links and anchors of README.md and docs/*.md resolve inside the package
 *       (scripts/check-docs-links.js); neither the pages nor code comments cite documents a clone does not hold,
 *       and a comment's `docs/<page>.md#<anchor>` names a heading that exists (scripts/check-docs-citations.js).
 *   (b) Quick start: the README's quick start runs against a fresh demo (scripts/check-docs-quick-start.js).
 *
 * `node scripts/check-docs.js --links` runs (a) only.
 */
const fs = require('node:fs');
const path = require('node:path');
const { anchorsOf } = require('./check-docs-markdown');
const { checkLinks } = require('./check-docs-links');
const { checkComments } = require('./check-docs-citations');
const { checkQuickStart } = require('./check-docs-quick-start');

const ROOT = path.resolve(__dirname, '..');

const anchorCache = new Map();
const anchorsIn = (file) => {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(fs.readFileSync(file, 'utf8')));
  return anchorCache.get(file);
};

const report = (title, problems) => {
  if (!problems.length) return true;
  console.error(`${title}: ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  ${problem}`);
  return false;
};

const main = async () => {
  const links = checkLinks(ROOT, anchorsIn);
  const comments = checkComments(ROOT, anchorsIn);
  const linksOk = report('Documentation links', links.problems);
  if (linksOk) console.log(`Documentation links: ${links.count} relative links in ${links.files} files resolve.`);
  const commentsOk = report('Code comments', comments.problems);
  if (commentsOk) console.log(`Code comments: ${comments.files} files cite no document outside the repository.`);
  if (!linksOk || !commentsOk) {
    process.exitCode = 1;
    return;
  }
  if (process.argv.includes('--links')) return;
  if (!(await checkQuickStart())) {
    process.exitCode = 1;
    return;
  }
  console.log("The README's quick start runs against the demo.");
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
