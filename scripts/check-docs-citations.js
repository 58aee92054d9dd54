'use strict';

/**
 * Citations of documents a clone of the repository does not hold (a path outside the package, the design
 * document by its file name, a section number of the spec), in the Markdown pages and in code comments, and
 * the `docs/<page>.md#<anchor>` pointers code comments make instead, which must name a heading that exists. String literals are not comments: a message may
 * say "spec" (the OpenAPI spec). Comments are found with TypeScript's parser, so `//` in a string, a regex or
 * a URL is never taken for one.
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const CITATIONS = [
  { pattern: /\.\.\/shared\b/g, what: 'a path outside the package (../shared)' },
  { pattern: /\bDESIGN\.md\b/g, what: 'DESIGN.md, which the package does not hold' },
  { pattern: /\bspec(?:'s)? (?:section )?\d+(?:\.\d+)*/gi, what: 'a spec section number' },
  { pattern: /\bthe spec\b[^.;:]{0,12}\bsection \d+/gi, what: 'a spec section number' },
];

/** What a text cites, each at its offset. */
const citationsIn = (text) =>
  CITATIONS.flatMap(({ pattern, what }) => [...text.matchAll(pattern)].map((match) => ({ what, at: match.index })));

const CODE_FOLDERS = ['server', 'admin', 'contracts', 'scripts', 'tests'];
const CODE_FILE = /\.(?:ts|tsx|js|mjs)$/;
// Generated or copied files, and other packages' code.
const NOT_OURS = new Set(['node_modules', 'dist', 'build', '.strapi', '.tmp', 'strapi-app']);

const codeFiles = (root) => {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (NOT_OURS.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (CODE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const folder of CODE_FOLDERS) if (fs.existsSync(path.join(root, folder))) walk(path.join(root, folder));
  return files.sort();
};

const scriptKind = (file) =>
  file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JSX;

/**
 * The comments of a source file, each as one line of text (markers and each line's leading `*` dropped, lines
 * joined by a space) with `lineAt(offset)`, the file's line of an offset in that text.
 */
const commentsOf = (file, text) => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKind(file));
  const ranges = new Map();
  const collect = (list) => {
    for (const range of list ?? []) ranges.set(range.pos, range);
  };
  const visit = (node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    if (node.kind !== ts.SyntaxKind.JsxText) for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...ranges.values()]
    .sort((a, b) => a.pos - b.pos)
    .map(({ pos, end }) => {
      const first = source.getLineAndCharacterOfPosition(pos).line + 1;
      const lines = text
        .slice(pos, end)
        .replace(/^\/[/*]|\*\/$/g, '')
        .split('\n')
        .map((line) => line.replace(/^\s*\*?/, '').trim());
      const starts = [];
      let length = 0;
      for (const line of lines) {
        starts.push(length);
        length += line.length + 1;
      }
      const lineAt = (offset) => first + starts.findLastIndex((start) => start <= offset);
      return { text: lines.join(' '), lineAt };
    });
};

const DOC_POINTER = /(?<![\w-])docs\/([\w.-]+\.md)(?:#([\w-]+))?/g;

/** Problems of code comments: citations, and `docs/` pointers to a page or heading that does not exist. */
const checkComments = (root, anchorsIn) => {
  const problems = [];
  const files = codeFiles(root);
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    // Only files that could hold a hit are parsed.
    if (!/\bspec\b|DESIGN\.md|\.\.\/shared|docs\//i.test(text)) continue;
    const where = (line) => `${path.relative(root, file)}:${line}`;
    for (const comment of commentsOf(file, text)) {
      for (const { what, at } of citationsIn(comment.text)) {
        problems.push(`${where(comment.lineAt(at))}: a comment cites ${what}: point at a docs/ section instead`);
      }
      for (const match of comment.text.matchAll(DOC_POINTER)) {
        const page = path.join(root, 'docs', match[1]);
        const line = where(comment.lineAt(match.index));
        if (!fs.existsSync(page)) problems.push(`${line}: a comment points at docs/${match[1]}, which does not exist`);
        else if (match[2] && !anchorsIn(page).has(match[2]))
          problems.push(`${line}: a comment points at docs/${match[1]}#${match[2]}: no such heading`);
      }
    }
  }
  return { problems, files: files.length };
};

module.exports = { CITATIONS, citationsIn, commentsOf, checkComments };
