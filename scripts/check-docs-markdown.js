'use strict';

/** Markdown as the docs check reads it: lines in or out of code blocks, GitHub's heading anchors, link targets. */

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

module.exports = { linesOf, headingText, slugOf, anchorsOf, linksOf };
