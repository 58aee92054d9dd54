'use strict';

/**
 * `npm run check:docs`: the documentation says what the package holds and does.
 *
 *   (a) Links: every relative link and image in README.md and docs/*.md points to a file the package ships (no
 *       `../shared/...`, nothing outside the package's `files`), and every `#anchor` names a heading of its target
 *       (GitHub's slugs) or an explicit `id`/`name`. Text that cites documents a user of the package never has
 *       (`../shared`, `DESIGN.md`, `spec 4.2`) is refused too.
 *   (b) Quick start: starts `npm run demo` (scripts/demo.js) on a free port with a fresh SQLite database, reads the
 *       API key it prints, and runs each ```bash block of the README's "Quick start" section with
 *       `bash -euo pipefail` (`$KEY` set, `http://localhost:1337` replaced by the demo's address), in order, in
 *       test-artifacts/check-docs/. A block whose fence follows `<!-- check-docs: skip -->` is not run. The first
 *       block that fails stops the check with the block and its output. The demo is stopped in every case.
 *
 * `node scripts/check-docs.js --links` runs (a) only. Plain Node, no dependencies.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { freePort } = require('./free-port');

const ROOT = path.resolve(__dirname, '..');
const DOC_PORT = 1337;
const SKIP_MARK = '<!-- check-docs: skip -->';
const DEMO_DATABASE = '.tmp/check-docs.db';
const DEMO_START_TIMEOUT_MS = 15 * 60_000; // the demo builds the plugin and the admin panel when they are stale
const BLOCK_TIMEOUT_MS = 3 * 60_000;

// ---------------------------------------------------------------------------------------------------------------
// Markdown: headings, links, code blocks

/** The lines of a Markdown text, each marked whether it lies inside a fenced code block (fences included). */
const linesOf = (text) => {
  let fence = null;
  return text.split('\n').map((line, index) => {
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length && !line.trim().slice(3).trim())
        fence = null;
      return { line, number: index + 1, code: true };
    }
    if (opener) {
      fence = opener[1];
      return { line, number: index + 1, code: true };
    }
    return { line, number: index + 1, code: false };
  });
};

/** Heading text as GitHub renders it: inline code, links, images and emphasis markers reduced to their text. */
const headingText = (raw) =>
  raw
    .replace(/\s+#+\s*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .trim();

/** GitHub's heading anchor (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
const slugOf = (text) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/** Every anchor a Markdown file offers: heading slugs (repeats numbered as GitHub does) and explicit ids. */
const anchorsOf = (text) => {
  const anchors = new Set();
  const seen = new Map();
  for (const { line, code } of linesOf(text)) {
    if (code) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      const base = slugOf(headingText(heading[1]));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count ? `${base}-${count}` : base);
    }
    for (const match of line.matchAll(/<a\s[^>]*(?:name|id)="([^"]+)"/g)) anchors.add(match[1]);
  }
  return anchors;
};

/** The link targets of a Markdown text outside code: inline links and images, and reference definitions. */
const linksOf = (text) => {
  const links = [];
  for (const { line, number, code } of linesOf(text)) {
    if (code) continue;
    const prose = line.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1], line: number });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(prose);
    if (definition) links.push({ target: definition[1], line: number });
  }
  return links;
};

// ---------------------------------------------------------------------------------------------------------------
// (a) links

/** Whether a path inside the repository is part of the published package (package.json `files`, or npm's own). */
const shippedTest = () => {
  const { files = [] } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const always = ['package.json', 'README.md', 'LICENSE'];
  return (relative) => {
    const top = relative.split(path.sep)[0];
    return always.includes(relative) || files.some((entry) => entry === relative || entry === top);
  };
};

const CITATIONS = [
  { pattern: /\.\.\/shared\b/, what: 'a path outside the package (../shared)' },
  { pattern: /\bDESIGN\.md\b/, what: 'DESIGN.md, which the package does not hold' },
  { pattern: /\bspec(?:'s)? (?:section )?\d+(?:\.\d+)*/i, what: 'a spec section number' },
];

const checkLinks = () => {
  const docsDir = path.join(ROOT, 'docs');
  const files = [
    path.join(ROOT, 'README.md'),
    ...(fs.existsSync(docsDir)
      ? fs
          .readdirSync(docsDir)
          .filter((name) => name.endsWith('.md'))
          .sort()
          .map((name) => path.join(docsDir, name))
      : []),
  ];
  const shipped = shippedTest();
  const anchorCache = new Map();
  const anchorsIn = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(fs.readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };
  const problems = [];
  let count = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const where = (line) => `${path.relative(ROOT, file)}:${line}`;
    for (const { line, number, code } of linesOf(text)) {
      for (const { pattern, what } of CITATIONS) {
        if (pattern.test(line)) problems.push(`${where(number)}: cites ${what}${code ? ' (in a code block)' : ''}`);
      }
    }
    for (const { target, line } of linksOf(text)) {
      if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // absolute URLs
      count += 1;
      const hash = target.indexOf('#');
      const filePart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
      const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
      const resolved = filePart ? path.resolve(path.dirname(file), filePart) : file;
      const relative = path.relative(ROOT, resolved);
      if (relative.startsWith('..') || path.isAbsolute(relative)) {
        problems.push(`${where(line)}: ${target} points outside the package`);
        continue;
      }
      if (!fs.existsSync(resolved)) {
        problems.push(`${where(line)}: ${target}: ${relative} does not exist`);
        continue;
      }
      if (!shipped(relative)) {
        problems.push(`${where(line)}: ${target}: ${relative} is not in the package (package.json "files")`);
      }
      if (anchor !== null) {
        if (!resolved.endsWith('.md') || !fs.statSync(resolved).isFile()) {
          problems.push(`${where(line)}: ${target}: an anchor into a file that is not Markdown`);
        } else if (!anchorsIn(resolved).has(anchor)) {
          problems.push(`${where(line)}: ${target}: no heading "#${anchor}" in ${relative}`);
        }
      }
    }
  }
  return { problems, count, files: files.length };
};

// ---------------------------------------------------------------------------------------------------------------
// (b) the README's quick start against the demo

/** The ```bash blocks of the README's "Quick start" section, each with whether it is marked to be skipped. */
const quickStartBlocks = () => {
  const lines = linesOf(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
  const start = lines.findIndex((l) => !l.code && /^##\s+Quick start\b/i.test(l.line));
  if (start < 0) throw new Error('README.md has no "## Quick start" section');
  const end = lines.findIndex((l, i) => i > start && !l.code && /^#{1,2}\s/.test(l.line));
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  const blocks = [];
  for (let i = 0; i < section.length; i += 1) {
    const open = /^(`{3,})bash\s*$/.exec(section[i].line);
    if (!open || !section[i].code) continue;
    let previous = i - 1;
    while (previous >= 0 && !section[previous].line.trim()) previous -= 1;
    const skip = previous >= 0 && section[previous].line.trim() === SKIP_MARK;
    const body = [];
    let j = i + 1;
    while (j < section.length && section[j].line.trim() !== open[1]) body.push(section[j++].line);
    blocks.push({ line: section[i].number, text: body.join('\n'), skip });
    i = j;
  }
  return blocks;
};

/** Starts the demo in a process group of its own; resolves with its key once it listens. */
const startDemo = (port) => {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_CLIENT: 'sqlite' };
  env.DATABASE_FILENAME = DEMO_DATABASE;
  // The quick start is written for the demo's defaults.
  for (const name of ['SEED', 'PUBLIC_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'NODE_ENV']) delete env[name];
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/demo.js'), '--reset'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the demo did not start within ${DEMO_START_TIMEOUT_MS / 1000} s`)),
      DEMO_START_TIMEOUT_MS
    );
    const read = (chunk) => {
      output += chunk;
      const key = /Demo API key[^\n]*\n\s+(dapi_\S+)/.exec(output);
      if (key) {
        clearTimeout(timer);
        resolve(key[1]);
      } else if (/The example endpoints and key were created on an earlier start/.test(output)) {
        clearTimeout(timer);
        reject(new Error('the demo printed no key (its database was not fresh)'));
      }
    };
    child.stdout.setEncoding('utf8').on('data', read);
    child.stderr.setEncoding('utf8').on('data', read);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the demo exited (${signal ?? `code ${code}`}) before it printed its key`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const killed = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(null), 15_000))]);
    if (!killed) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    }
  };
  return { ready, stop, output: () => output };
};

const runBlock = (script, cwd, env) =>
  new Promise((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n[check-docs] killed after ${BLOCK_TIMEOUT_MS / 1000} s`;
      child.kill('SIGKILL');
    }, BLOCK_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal, output });
    });
  });

const indent = (text) =>
  text
    .replace(/\s+$/, '')
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

const checkQuickStart = async () => {
  const blocks = quickStartBlocks();
  const runnable = blocks.filter((b) => !b.skip);
  if (!runnable.length) throw new Error("the README's quick start has no ```bash block to run");
  const port = await freePort();
  const base = `http://localhost:${port}`;
  console.log(`Starting the demo on ${base} (fresh database playground/${DEMO_DATABASE})...`);
  const demo = startDemo(port);
  const stopOnSignal = () => demo.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    let key;
    try {
      key = await demo.ready;
    } catch (error) {
      console.error(`${error.message}. Its output:\n${indent(demo.output())}`);
      return false;
    }
    const work = path.join(ROOT, 'test-artifacts', 'check-docs');
    fs.rmSync(work, { recursive: true, force: true });
    fs.mkdirSync(work, { recursive: true });
    const env = { ...process.env, KEY: key };
    for (const block of blocks) {
      if (block.skip) {
        console.log(`- README.md:${block.line}: skipped (marked)`);
        continue;
      }
      const script = block.text.replaceAll(`http://localhost:${DOC_PORT}`, base);
      const { code, output } = await runBlock(script, work, env);
      if (code !== 0) {
        console.error(`- README.md:${block.line}: FAILED (exit ${code})\n  block:\n${indent(block.text)}`);
        console.error(`  output:\n${indent(output)}`);
        return false;
      }
      console.log(`- README.md:${block.line}: ok`);
    }
    return true;
  } finally {
    await demo.stop();
    process.removeListener('SIGINT', stopOnSignal);
    process.removeListener('SIGTERM', stopOnSignal);
    const dir = path.join(ROOT, 'playground', path.dirname(DEMO_DATABASE));
    const base = path.basename(DEMO_DATABASE);
    if (fs.existsSync(dir)) {
      for (const name of fs.readdirSync(dir))
        if (name.startsWith(base)) fs.rmSync(path.join(dir, name), { force: true });
    }
  }
};

// ---------------------------------------------------------------------------------------------------------------

const main = async () => {
  const links = checkLinks();
  if (links.problems.length) {
    console.error(`Documentation links: ${links.problems.length} problem(s):`);
    for (const problem of links.problems) console.error(`  ${problem}`);
    process.exitCode = 1;
    return;
  }
  console.log(`Documentation links: ${links.count} relative links in ${links.files} files resolve.`);
  if (process.argv.includes('--links')) return;
  if (!(await checkQuickStart())) {
    process.exitCode = 1;
    return;
  }
  console.log("The README's quick start runs against the demo.");
};

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}

module.exports = { slugOf, headingText, anchorsOf, linksOf, quickStartBlocks };
