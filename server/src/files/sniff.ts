import { lookup } from 'mime-types';
import type { MediaFamily } from '../query/model';
import { typeBySignature } from './signatures';

/** What a file is, judged by its content; the name only names a type the content cannot show (text formats). */
export interface SniffedType {
  mime: string;
  family: MediaFamily;
}

/**
 * Content a browser may run when the site serves it from its own origin (Strapi's local provider serves
 * uploads from /uploads): never accepted through /_api, whatever the field allows. Every XML type is one
 * (RSS, RDF, XSLT... can carry XHTML script), besides HTML, scripts and plugins.
 */
const ACTIVE_TYPES = new Set([
  'text/html',
  'application/javascript',
  'text/javascript',
  'text/mathml',
  'application/x-shockwave-flash',
  'application/wasm',
]);
const isActive = (mime: string | null) => mime !== null && (ACTIVE_TYPES.has(mime) || /[/+]xml$/.test(mime));
const MARKUP_START = /^(\uFEFF|\xEF\xBB\xBF)?\s*<(!doctype\s+html|html|head|body|svg|\?xml|script|iframe|!--)/i;
/** Containers whose content the name's extension tells better (Office documents are ZIP or CFB files). */
const CONTAINERS = new Set(['application/zip', 'application/x-cfb']);

export const familyOf = (mime: string): MediaFamily =>
  mime.startsWith('image/')
    ? 'images'
    : mime.startsWith('video/')
      ? 'videos'
      : mime.startsWith('audio/')
        ? 'audios'
        : 'files';

/**
 * The type of `bytes`, from their content; for content no signature identifies (text formats) and for
 * ZIP/CFB containers, from the name's extension, but never an image, video or audio type, which the content
 * would show. Null for active content (HTML, SVG, XML, scripts), by content or by name.
 */
export const sniffType = (bytes: Buffer, name: string): SniffedType | null => {
  const detected = typeBySignature(bytes);
  const byName = lookup(name) || null;
  if (MARKUP_START.test(bytes.toString('latin1', 0, Math.min(bytes.length, 512)))) return null;
  if (isActive(detected) || isActive(byName)) return null;
  const nameFits = byName !== null && familyOf(byName) === 'files';
  if (detected && !(CONTAINERS.has(detected) && nameFits)) return { mime: detected, family: familyOf(detected) };
  return { mime: nameFits ? byName : (detected ?? 'application/octet-stream'), family: 'files' };
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
