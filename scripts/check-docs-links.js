'use strict';

/**
 * Links: every relative link and image in README.md and docs/*.md points to a file the package ships (nothing
 * outside the package's `files`), and every `#anchor` names a heading of its target (GitHub's slugs) or an
 * explicit `id`/`name`. The pages' citations of documents a user of the package never has are refused too.
 */
const fs = require('node:fs');
const path = require('node:path');
const { linesOf, linksOf } = require('./check-docs-markdown');
const { citationsIn } = require('./check-docs-citations');

/** Whether a path inside the repository is part of the published package (package.json `files`, or npm's own). */
const shippedTest = (root) => {
  const { files = [] } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const always = ['package.json', 'README.md', 'LICENSE'];
  return (relative) => {
    const top = relative.split(path.sep)[0];
    return always.includes(relative) || files.some((entry) => entry === relative || entry === top);
  };
};

const pagesOf = (root) => {
  const docsDir = path.join(root, 'docs');
  const pages = fs.existsSync(docsDir) ? fs.readdirSync(docsDir).filter((name) => name.endsWith('.md')) : [];
  return [path.join(root, 'README.md'), ...pages.sort().map((name) => path.join(docsDir, name))];
};

/** The problems of one link target of `file`, none when it resolves inside the package. */
const targetProblems = (root, file, target, { shipped, anchorsIn }) => {
  const hash = target.indexOf('#');
  const filePart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  const resolved = filePart ? path.resolve(path.dirname(file), filePart) : file;
  const relative = path.relative(root, resolved);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return [`${target} points outside the package`];
  if (!fs.existsSync(resolved)) return [`${target}: ${relative} does not exist`];
  const problems = [];
  if (!shipped(relative)) problems.push(`${target}: ${relative} is not in the package (package.json "files")`);
  if (anchor !== null) {
    if (!resolved.endsWith('.md') || !fs.statSync(resolved).isFile()) {
      problems.push(`${target}: an anchor into a file that is not Markdown`);
    } else if (!anchorsIn(resolved).has(anchor)) {
      problems.push(`${target}: no heading "#${anchor}" in ${relative}`);
    }
  }
  return problems;
};

const checkLinks = (root, anchorsIn) => {
  const files = pagesOf(root);
  const context = { shipped: shippedTest(root), anchorsIn };
  const problems = [];
  let count = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const where = (line) => `${path.relative(root, file)}:${line}`;
    for (const { line, number, code } of linesOf(text)) {
      for (const { what } of citationsIn(line)) {
        problems.push(`${where(number)}: cites ${what}${code ? ' (in a code block)' : ''}`);
      }
    }
    for (const { target, line } of linksOf(text)) {
      if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // absolute URLs
      count += 1;
      for (const problem of targetProblems(root, file, target, context)) problems.push(`${where(line)}: ${problem}`);
    }
  }
  return { problems, count, files: files.length };
};

module.exports = { checkLinks };
