/**
 * The translation keys a source file asks for, read without regular expressions (a hand-written scan stays linear
 * on any input): the string literals in the first argument of each `t(...)` and `getTranslation(...)` call, so
 * both branches of `t(on ? 'a' : 'b')` count. A template literal gives a pattern: its text around each `${...}`.
 */

/** A key as written: literal text, or the parts of a template literal around its placeholders. */
export type KeyPattern = { literal: string } | { parts: string[] };

const CALLEES = ['t(', 'getTranslation('];
const isWordChar = (c: string | undefined) => c !== undefined && /[\w$.]/.test(c);

/** Where the quoted literal opening at `start` ends (the index after its closing quote). */
const endOfQuoted = (source: string, start: number) => {
  const quote = source[start];
  let i = start + 1;
  while (i < source.length && source[i] !== quote) i += source[i] === '\\' ? 2 : 1;
  return i + 1;
};

/** Where the `${...}` placeholder whose body starts at `start` ends (the index after its `}`). */
const endOfPlaceholder = (source: string, start: number) => {
  let depth = 1;
  let i = start;
  while (i < source.length && depth > 0) {
    const c = source[i];
    if (c === "'" || c === '"' || c === '`') i = endOfQuoted(source, i);
    else {
      if (c === '{') depth++;
      if (c === '}') depth--;
      i++;
    }
  }
  return i;
};

/** A template literal opening at `start`: its text parts, and the index after its closing backtick. */
const readTemplate = (source: string, start: number) => {
  const parts = [''];
  let i = start + 1;
  while (i < source.length && source[i] !== '`') {
    if (source.startsWith('${', i)) {
      i = endOfPlaceholder(source, i + 2);
      parts.push('');
    } else {
      parts[parts.length - 1] += source[i];
      i++;
    }
  }
  return { parts, end: i + 1 };
};

/** The keys in the first argument of the call whose arguments start at `start`. */
const keysOfArgument = (source: string, start: number) => {
  const keys: KeyPattern[] = [];
  let depth = 0;
  let i = start;
  while (i < source.length) {
    const c = source[i];
    if (c === "'" || c === '"') {
      const end = endOfQuoted(source, i);
      keys.push({ literal: source.slice(i + 1, end - 1) });
      i = end;
    } else if (c === '`') {
      const { parts, end } = readTemplate(source, i);
      keys.push(parts.length === 1 ? { literal: parts[0] } : { parts });
      i = end;
    } else if (depth === 0 && (c === ',' || c === ')')) break;
    else {
      if (c === '(' || c === '[' || c === '{') depth++;
      if (c === ')' || c === ']' || c === '}') depth--;
      i++;
    }
  }
  return keys;
};

/** Every key the file asks for. */
export const translationCalls = (source: string): KeyPattern[] => {
  const keys: KeyPattern[] = [];
  for (const callee of CALLEES) {
    for (let at = source.indexOf(callee); at !== -1; at = source.indexOf(callee, at + 1)) {
      if (!isWordChar(source[at - 1])) keys.push(...keysOfArgument(source, at + callee.length));
    }
  }
  return keys;
};

/** Whether `key` is one a pattern can produce (each placeholder standing for some non-empty text). */
export const matches = (pattern: KeyPattern, key: string) => {
  if ('literal' in pattern) return pattern.literal === key;
  const [first, ...rest] = pattern.parts;
  if (!key.startsWith(first)) return false;
  let at = first.length;
  for (const [n, part] of rest.entries()) {
    const last = n === rest.length - 1;
    const found = last ? (key.endsWith(part) ? key.length - part.length : -1) : key.indexOf(part, at + 1);
    if (found < at + 1) return false;
    at = found + part.length;
  }
  return true;
};
