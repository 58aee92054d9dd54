import type { FieldSpec } from '../../../contracts/definition';
import type { ObjectDescription } from '../../../contracts/objects';
import type { Draft } from './draft';

/** The site users' type: a public endpoint over it, or through a relation to it, shows who uses the site. */
export const SITE_USER_TYPE = 'plugin::users-permissions.user';

/** Parts of a field's name that suggest personal or secret data: `billingAddress`, `date_of_birth`, `apiToken`. */
const PRIVATE_PARTS = ['email', 'phone', 'password', 'token', 'secret', 'address', 'birth'];
/** Words that suggest it only as a whole word: `ip` (not `shipping` or `description`). */
const PRIVATE_WORDS = new Set(['ip']);
/** Types whose values are private by nature. */
const PRIVATE_TYPES = new Set(['email', 'password']);

/** `lastLoginIP`, `last_login_ip` and `last-login.ip` as `["last", "login", "ip"]`. */
const wordsOf = (name: string) => {
  const words: string[] = [];
  let word = '';
  for (const c of name) {
    const lower = c.toLowerCase();
    const letterOrDigit = lower !== c.toUpperCase() || (c >= '0' && c <= '9');
    // A capital after a small letter starts a word (`loginIP` -> login, ip); a run of capitals stays one word.
    if (!letterOrDigit || (c !== lower && word && word[word.length - 1] === word[word.length - 1].toLowerCase())) {
      if (word) words.push(word.toLowerCase());
      word = letterOrDigit ? c : '';
    } else word += c;
  }
  if (word) words.push(word.toLowerCase());
  return words;
};

const looksPrivate = (name: string) =>
  wordsOf(name).some((w) => PRIVATE_WORDS.has(w) || PRIVATE_PARTS.some((part) => w.includes(part)));

const parsedAggregate = (text: string) => {
  try {
    return JSON.parse(text) as { dimensions?: Array<{ field?: unknown }>; measures?: Array<{ field?: unknown }> };
  } catch {
    return null; // the builder shows the syntax error itself
  }
};

/** A List's fields as paths, those of related records included: `author`, `author.email`. */
const fieldPaths = (fields: FieldSpec[], prefix = ''): string[] =>
  fields.flatMap((f) => [`${prefix}${f.name}`, ...fieldPaths(f.fields ?? [], `${prefix}${f.name}.`)]);

/** The fields an endpoint shows: a List's fields, an Aggregate's groups and measured fields (`customer.tier`). */
const shownFields = (draft: Pick<Draft, 'type' | 'fields' | 'aggregate'>): string[] => {
  if (draft.type === 'list') return fieldPaths(draft.fields);
  if (draft.type !== 'aggregate') return [];
  const settings = parsedAggregate(draft.aggregate);
  return [...(settings?.dimensions ?? []), ...(settings?.measures ?? [])].flatMap((part) =>
    typeof part?.field === 'string' ? [part.field] : []
  );
};

/**
 * The shown fields that look private, by name or type, with the type itself when it is the site users': what
 * the builder warns about on a public endpoint (a warning, not a refusal: the owner knows their content).
 */
export const privateLookingFields = (
  draft: Pick<Draft, 'type' | 'fields' | 'aggregate' | 'object'>,
  object: ObjectDescription | undefined
): string[] => {
  const fieldOf = (name: string) => object?.fields.find((f) => f.name === name);
  const found = shownFields(draft).filter((path) => {
    const field = fieldOf(path.split('.')[0]);
    return (
      path.split('.').some(looksPrivate) ||
      PRIVATE_TYPES.has(field?.type ?? '') ||
      field?.relation?.target === SITE_USER_TYPE
    );
  });
  return draft.object === SITE_USER_TYPE ? [SITE_USER_TYPE, ...found] : found;
};
