/**
 * File signatures ("magic numbers") of the formats a site's media fields meet, read from a file's first
 * bytes. The answer decides an upload's family (images, videos, audios, files), so a file named photo.jpg
 * that is not a picture cannot land in an images-only field.
 */

const ascii = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

const startsWith = (bytes: Buffer, values: number[], at = 0) =>
  bytes.length >= at + values.length && values.every((v, i) => bytes[at + i] === v);

/** ISO base media files (MP4, MOV, HEIC, AVIF, M4A, 3GP) name their kind in the `ftyp` box's brand. */
const ftypType = (bytes: Buffer): string | null => {
  if (!ascii(bytes, 4, 'ftyp')) return null;
  const brand = bytes.toString('latin1', 8, 12).replace(/\0/g, ' ').trim().toLowerCase();
  if (brand === 'avif' || brand === 'avis') return 'image/avif';
  if (['heic', 'heix', 'heim', 'heis'].includes(brand)) return 'image/heic';
  if (brand === 'mif1' || brand === 'msf1') return 'image/heif';
  if (brand === 'm4a' || brand === 'm4b' || brand === 'f4a') return 'audio/mp4';
  if (brand === 'qt') return 'video/quicktime';
  if (brand.startsWith('3g2')) return 'video/3gpp2';
  if (brand.startsWith('3g')) return 'video/3gpp';
  return 'video/mp4';
};

/** RIFF containers: WebP, WAV, AVI. */
const riffType = (bytes: Buffer): string | null => {
  if (!ascii(bytes, 0, 'RIFF')) return null;
  if (ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (ascii(bytes, 8, 'WAVE')) return 'audio/wav';
  if (ascii(bytes, 8, 'AVI ')) return 'video/x-msvideo';
  return null;
};

/** Ogg streams: video when a Theora stream comes first, else audio (Vorbis, Opus, FLAC). */
const oggType = (bytes: Buffer): string | null => {
  if (!ascii(bytes, 0, 'OggS')) return null;
  const head = bytes.toString('latin1', 0, Math.min(bytes.length, 64));
  if (head.includes('theora')) return 'video/ogg';
  return head.includes('OpusHead') ? 'audio/opus' : 'audio/ogg';
};

/** Matroska and WebM (EBML): the DocType says which; WebM audio-only files still declare `webm`. */
const ebmlType = (bytes: Buffer): string | null => {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  return bytes.toString('latin1', 0, Math.min(bytes.length, 64)).includes('webm') ? 'video/webm' : 'video/x-matroska';
};

/** An MPEG audio frame header (MP3 without an ID3 tag): 11 sync bits, a valid layer and bitrate. */
const mpegAudio = (bytes: Buffer) =>
  bytes.length >= 3 &&
  bytes[0] === 0xff &&
  (bytes[1] & 0xe0) === 0xe0 &&
  (bytes[1] & 0x06) !== 0 &&
  (bytes[2] & 0xf0) !== 0xf0;

const FIXED: Array<[number[] | string, string, number?]> = [
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  ['GIF87a', 'image/gif'],
  ['GIF89a', 'image/gif'],
  [[0x49, 0x49, 0x2a, 0x00], 'image/tiff'],
  [[0x4d, 0x4d, 0x00, 0x2a], 'image/tiff'],
  [[0x00, 0x00, 0x01, 0x00], 'image/x-icon'],
  [[0xff, 0x0a], 'image/jxl'],
  [[0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a], 'image/jxl'],
  ['8BPS', 'image/vnd.adobe.photoshop'],
  [[0x46, 0x4c, 0x56, 0x01], 'video/x-flv'],
  [[0x00, 0x00, 0x01, 0xba], 'video/mpeg'],
  [[0x00, 0x00, 0x01, 0xb3], 'video/mpeg'],
  ['fLaC', 'audio/flac'],
  ['#!AMR', 'audio/amr'],
  ['MThd', 'audio/midi'],
  [[0xff, 0xf1], 'audio/aac'],
  [[0xff, 0xf9], 'audio/aac'],
  ['%PDF-', 'application/pdf'],
  [[0x50, 0x4b, 0x03, 0x04], 'application/zip'],
  [[0x1f, 0x8b], 'application/gzip'],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 'application/x-7z-compressed'],
  ['Rar!', 'application/vnd.rar'],
  [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 'application/x-cfb'],
  ['{\\rtf', 'application/rtf'],
  ['wOFF', 'font/woff'],
  ['wOF2', 'font/woff2'],
  [[0x00, 0x01, 0x00, 0x00, 0x00], 'font/ttf'],
  [[0x4f, 0x54, 0x54, 0x4f, 0x00], 'font/otf'],
  [[0x00, 0x61, 0x73, 0x6d], 'application/wasm'],
  ['ustar', 'application/x-tar', 257],
];

/** The type the first bytes of a file show, or null when no known signature matches (text, unknown). */
export const typeBySignature = (bytes: Buffer): string | null => {
  for (const [signature, mime, at = 0] of FIXED) {
    if (typeof signature === 'string' ? ascii(bytes, at, signature) : startsWith(bytes, signature, at)) return mime;
  }
  if (ascii(bytes, 0, 'FORM') && (ascii(bytes, 8, 'AIFF') || ascii(bytes, 8, 'AIFC'))) return 'audio/aiff';
  // Two-letter or three-letter signatures that text can begin with are checked further.
  if (ascii(bytes, 0, 'BM') && bytes.length >= 18 && [12, 40, 52, 56, 64, 108, 124].includes(bytes.readUInt32LE(14))) {
    return 'image/bmp';
  }
  if (ascii(bytes, 0, 'ID3') && bytes.length >= 10 && bytes[3] >= 2 && bytes[3] <= 4 && bytes[4] !== 0xff) {
    return 'audio/mpeg';
  }
  return (
    ftypType(bytes) ?? riffType(bytes) ?? oggType(bytes) ?? ebmlType(bytes) ?? (mpegAudio(bytes) ? 'audio/mpeg' : null)
  );
};
