import { extname } from 'node:path';
import { lookup } from 'mime-types';
import type { MediaFamily } from '../query/model';
import { ValueRefused } from '../errors/field-error';
import { BY_CONTAINER, BY_SIGNATURE, TEXT, type AcceptedTypes } from './accepted-types';
import { typeBySignature } from './signatures';

/** A file accepted for upload: its type, judged by its content, and the name it is stored under. */
export interface AcceptedFile {
  mime: string;
  family: MediaFamily;
  /** The name sent, or, when it had no extension (or one no type is known by), with its type's extension. */
  name: string;
}

/** Markup a browser may render whatever the name says, refused even as text. */
const MARKUP_START = /^(\uFEFF|\xEF\xBB\xBF)?\s*<(!doctype\s+html|html|head|body|svg|\?xml|script|iframe|!--)/i;
const MAX_NAME_LENGTH = 255;
const ACCEPTED_EXTENSIONS = new Set(
  [BY_SIGNATURE, TEXT.types, ...[...BY_CONTAINER.values()].map((c) => c.types)].flatMap((t) => [...t.values()].flat())
);

export const familyOf = (mime: string): MediaFamily =>
  mime.startsWith('image/')
    ? 'images'
    : mime.startsWith('video/')
      ? 'videos'
      : mime.startsWith('audio/')
        ? 'audios'
        : 'files';

/** The accepted types the content may be, and which of them stands when the name does not choose one. */
const candidatesOf = (bytes: Buffer): { types: AcceptedTypes; default?: string; content: string } => {
  const detected = typeBySignature(bytes);
  if (detected === null) {
    if (bytes.includes(0)) throw new ValueRefused('the content is not of an accepted file type');
    return { ...TEXT, content: 'text' };
  }
  const container = BY_CONTAINER.get(detected);
  if (container) return { ...container, content: detected };
  const extensions = BY_SIGNATURE.get(detected);
  if (!extensions) throw new ValueRefused(`${detected} is not an accepted file type`);
  return { types: new Map([[detected, extensions]]), default: detected, content: detected };
};

/**
 * What `bytes` sent as `name` are, from an allowlist of types (accepted-types.ts), or a ValueRefused saying
 * why not: HTML, SVG, XML and scripts; content of no accepted type; a name whose extension stands for another
 * type than the content's (a GIF named x.pdf) or for a type never accepted (x.es, x.js). The stored name
 * always ends in an extension of the content's type, which is what the site serves the file as.
 */
export const identifyFile = (bytes: Buffer, name: string): AcceptedFile => {
  if (MARKUP_START.test(bytes.toString('latin1', 0, Math.min(bytes.length, 512)))) {
    throw new ValueRefused('HTML, SVG, XML and scripts are not accepted');
  }
  const candidates = candidatesOf(bytes);
  const extension = extname(name).slice(1).toLowerCase();
  const named = [...candidates.types].find(([, extensions]) => extensions.includes(extension));
  if (named) return { mime: named[0], family: familyOf(named[0]), name };
  if (extension && lookup(extension)) {
    throw new ValueRefused(
      ACCEPTED_EXTENSIONS.has(extension)
        ? `the name ends in ".${extension}" but the content is ${candidates.content}`
        : `".${extension}" files are not accepted`
    );
  }
  const mime = candidates.default;
  if (!mime) {
    const allowed = [...candidates.types.values()].map(([e]) => `.${e}`).join(', ');
    throw new ValueRefused(`${candidates.content} content needs a name ending in ${allowed}`);
  }
  const suffix = `.${candidates.types.get(mime)![0]}`;
  return { mime, family: familyOf(mime), name: `${name.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}` };
};

/** `*` patterns of the upload plugin's `security.allowedTypes` / `deniedTypes` config. */
const matches = (mime: string, patterns: string[]) =>
  patterns.some((p) =>
    new RegExp(
      `^${p
        .toLowerCase()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')}$`
    ).test(mime)
  );

/**
 * Whether the site's upload security config lets a file in, as Strapi's own upload route applies it: the
 * content's type must be allowed and not denied, and the type the name's extension stands for not denied
 * (the file is stored under that extension).
 */
export const allowedBySite = (
  mime: string,
  name: string,
  security: { allowedTypes?: string[]; deniedTypes?: string[] } | undefined
) => {
  const denied = security?.deniedTypes ?? [];
  const byName = lookup(name) || null;
  if (denied.length && (matches(mime, denied) || (byName !== null && matches(byName, denied)))) return false;
  return !Array.isArray(security?.allowedTypes) || matches(mime, security.allowedTypes);
};
