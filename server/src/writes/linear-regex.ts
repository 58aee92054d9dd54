import { RE2JS } from 're2js';

/** What JavaScript's `\s` matches (RE2's own `\s` is ASCII only): as [from, to] code points. */
const JS_SPACES: Array<[number, number]> = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const MAX_CODE_POINT = 0x10ffff;

const hex = (n: number) => `\\x{${n.toString(16)}}`;
const ranges = (list: Array<[number, number]>) => list.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`));
const complement = (list: Array<[number, number]>) => {
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [a, b] of list) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
};

/** Class contents (usable inside or, bracketed, outside a class) for JavaScript's `\s` and `\S`. */
const CLASS_ESCAPES: Record<string, string> = {
  s: ranges(JS_SPACES).join(''),
  S: ranges(complement(JS_SPACES)).join(''),
};
/** JavaScript's `.` without flags: anything but line terminators (RE2's stops at `\n` only). */
const JS_DOT = `[^${ranges([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]).join('')}]`;
/** Escapes that RE2 reads as something else than JavaScript does (anchors, quoting, Unicode classes). */
const DIFFERENT_ESCAPES = new Set(['A', 'z', 'Q', 'E', 'C', 'p', 'P']);
/** Escapes both engines read alike (ASCII digit and word classes, control characters, word boundaries). */
const SAME_ESCAPES = new Set(['d', 'D', 'w', 'W', 'f', 'n', 'r', 't', 'v']);
const HEX2 = /^[0-9A-Fa-f]{2}$/;
const HEX4 = /^[0-9A-Fa-f]{4}$/;
const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';
const isAsciiLetter = (ch: string) => (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');

/**
 * One escape `\e` of a JavaScript pattern (no flags) in RE2 syntax, and how many characters after `e` it took.
 * Only escapes known to mean the same are let through: an identity escape of a letter (`\a` is "a" in
 * JavaScript, a bell in RE2) or a digit is refused, with the reason.
 */
const escapeToRe2 = (e: string, next: string, inClass: boolean): [string, number] => {
  if (DIFFERENT_ESCAPES.has(e)) throw new Error(`"\\${e}" means something else in JavaScript`);
  if (e in CLASS_ESCAPES) return [inClass ? CLASS_ESCAPES[e] : `[${CLASS_ESCAPES[e]}]`, 0];
  if (SAME_ESCAPES.has(e)) return [`\\${e}`, 0];
  // In a class, JavaScript's `\b` is a backspace; outside, a word boundary in both engines.
  if (e === 'b') return [inClass ? hex(8) : '\\b', 0];
  if (e === 'B' && !inClass) return ['\\B', 0];
  if (e === 'u' && HEX4.test(next.slice(0, 4))) return [hex(parseInt(next.slice(0, 4), 16)), 4];
  if (e === 'x' && HEX2.test(next.slice(0, 2))) return [hex(parseInt(next.slice(0, 2), 16)), 2];
  if (e === '0' && !isDigit(next[0])) return [hex(0), 0];
  if (isDigit(e) || e === 'k') throw new Error('a backreference cannot run in linear time');
  if (e === '' || isAsciiLetter(e)) {
    throw new Error(`"\\${e}" is a plain "${e}" in JavaScript but means something else, or nothing, in RE2`);
  }
  // Punctuation and other characters stand for themselves in both (RE2 takes `\_` for a word character).
  return [e === '_' || e.charCodeAt(0) > 0x7f ? e : `\\${e}`, 0];
};

/**
 * Rewrites a JavaScript pattern (no flags, as Strapi runs it) into RE2 syntax with the same meaning, or throws
 * with the reason where the two would read it differently. One pass over the pattern, no regex on it.
 */
const toRe2 = (pattern: string): string => {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '\\') {
      const [re2, taken] = escapeToRe2(pattern[i + 1] ?? '', pattern.slice(i + 2, i + 6), inClass);
      out += re2;
      i += 1 + taken;
    } else if (inClass) {
      if (c === '[' && pattern[i + 1] === ':') throw new Error('"[:" inside a class is a POSIX class in RE2');
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      const negated = pattern[i + 1] === '^';
      if (pattern[i + (negated ? 2 : 1)] === ']') throw new Error('an empty class ("[]" or "[^]")');
      out += negated ? '[^' : '[';
      if (negated) i += 1;
    } else out += c === '.' ? JS_DOT : c;
  }
  return out;
};

/**
 * A content type's `regex` as a linear-time test (RE2), judged as Strapi's `new RegExp(pattern).test(value)`
 * judges it. Throws, with the reason, for a pattern it cannot run that way: backreferences, lookaround, and
 * syntax the two engines read differently. Matching is by code point, so `.` takes an emoji whole where
 * JavaScript sees two halves.
 */
export const compileLinearRegex = (pattern: string): ((value: string) => boolean) => {
  try {
    new RegExp(pattern);
  } catch {
    throw new Error('it is not a valid JavaScript regular expression');
  }
  const translated = toRe2(pattern);
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(translated, RE2JS.DISABLE_UNICODE_GROUPS);
  } catch (error) {
    // Backreferences and lookaround need backtracking; RE2 also lacks a few rarer forms.
    throw new Error(`it cannot run in linear time (${(error as Error).message})`);
  }
  return (value) => compiled.test(value);
};
