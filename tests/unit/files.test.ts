import { LIMITS } from '../../contracts/limits';
import { keyedHash } from '../../server/src/auth/keyed-hash';
import { decodeBase64 } from '../../server/src/files/base64';
import { mediaRule } from '../../server/src/files/incoming';
import { parseRange } from '../../server/src/files/send-file';
import { createFileSigner } from '../../server/src/files/signature';
import { allowedBySite, sniffType } from '../../server/src/files/sniff';
import type { MediaField } from '../../server/src/query/model';
import { errorOf } from '../helpers/errors';
import { ValueRefused } from '../../server/src/writes/field-error';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const bytes = (...values: Array<number | string>) =>
  Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));

describe('decodeBase64', () => {
  it('decodes canonical base64 and a data: URL', () => {
    expect(decodeBase64(GIF.toString('base64'))?.equals(GIF)).toBe(true);
    expect(decodeBase64(`data:image/gif;base64,${GIF.toString('base64')}`)?.equals(GIF)).toBe(true);
    expect(decodeBase64('')?.length).toBe(0);
  });

  it.each([
    ['an unknown character', 'R0lG$DlhAQAB'],
    ['a line break', 'R0lG\nODlh'],
    ['a space', 'R0lG ODlh'],
    ['missing padding', 'R0lGODlhAQ'],
    ['URL-safe characters', 'R0lG-_lh'],
    ['padding in the middle', 'R0==R0lG'],
    ['bits past the last byte', 'R0l='],
    ['a data: URL without base64', 'data:image/gif,R0lG'],
    ['a data: URL twice', `data:image/gif;base64,data:image/gif;base64,${GIF.toString('base64')}`],
  ])('refuses %s', (_what, text) => {
    expect(decodeBase64(text)).toBeNull();
  });
});

describe('sniffType', () => {
  const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 'rest');
  const PDF = bytes('%PDF-1.7\n');
  const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 'rest');
  const MP4 = bytes(0, 0, 0, 0x18, 'ftypisom', 0, 0, 0, 0);
  const HEIC = bytes(0, 0, 0, 0x18, 'ftypheic', 0, 0, 0, 0);
  const WEBP = bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ');
  const MP3 = bytes('ID3', 3, 0, 0, 0, 0, 0, 0);

  it.each([
    ['a PNG named .jpg', PNG, 'photo.jpg', 'image/png', 'images'],
    ['a GIF with no extension', GIF, 'photo', 'image/gif', 'images'],
    ['a PDF named .gif', PDF, 'photo.gif', 'application/pdf', 'files'],
    ['an MP4', MP4, 'clip.mov', 'video/mp4', 'videos'],
    ['a HEIC picture', HEIC, 'x.heic', 'image/heic', 'images'],
    ['a WebP picture', WEBP, 'x.bin', 'image/webp', 'images'],
    ['an MP3 with an ID3 tag', MP3, 'song', 'audio/mpeg', 'audios'],
    ['a ZIP named .docx (an Office document)', ZIP, 'report.docx', expect.stringMatching(/wordprocessingml/), 'files'],
    ['a ZIP named .png (the name cannot make it an image)', ZIP, 'x.png', 'application/zip', 'files'],
    ['text named .csv', Buffer.from('a,b\n1,2\n'), 'data.csv', 'text/csv', 'files'],
    ['text named .jpg', Buffer.from('not a picture'), 'photo.jpg', 'application/octet-stream', 'files'],
  ])('types %s by its content', (_what, content, name, mime, family) => {
    expect(sniffType(content, name)).toEqual({ mime, family });
  });

  it.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.png'],
    ['HTML after a BOM and blanks', Buffer.from('\uFEFF  \n<!DOCTYPE html><p>x'), 'x.txt'],
    ['XML', Buffer.from('<?xml version="1.0"?><a/>'), 'x.csv'],
    ['a script named .js', Buffer.from('alert(1)'), 'x.js'],
    ['an HTML name', Buffer.from('plain text'), 'page.html'],
    ['an SVG name', Buffer.from('plain text'), 'x.svg'],
    ['an RDF name (XML that can carry XHTML script)', Buffer.from('<rdf:RDF/>'), 'feed.rdf'],
    ['an RSS name', Buffer.from('plain text'), 'feed.rss'],
    ['an XSLT name', Buffer.from('plain text'), 'x.xslt'],
    ['a MathML name', Buffer.from('plain text'), 'x.mml'],
  ])('refuses active content: %s', (_what, content, name) => {
    expect(sniffType(content, name)).toBeNull();
  });
});

describe('allowedBySite', () => {
  it('applies the upload plugin’s allowedTypes and deniedTypes patterns to the content’s type', () => {
    expect(allowedBySite('image/png', 'x.png', undefined)).toBe(true);
    expect(allowedBySite('image/png', 'x.png', { allowedTypes: ['image/*'] })).toBe(true);
    expect(allowedBySite('application/pdf', 'x.pdf', { allowedTypes: ['image/*'] })).toBe(false);
    expect(allowedBySite('image/png', 'x.png', { allowedTypes: ['*'], deniedTypes: ['image/png'] })).toBe(false);
    expect(allowedBySite('image/vnd.adobe.photoshop', 'x.psd', { allowedTypes: ['image/vnd.adobe.photoshop'] })).toBe(
      true
    );
    // A dot in a pattern is a dot, not any character.
    expect(allowedBySite('image/vndXadobe', 'x', { allowedTypes: ['image/vnd.adobe'] })).toBe(false);
  });

  it('refuses a name whose extension stands for a denied type, as Strapi does (the file keeps that extension)', () => {
    const security = { deniedTypes: ['application/x-msdownload', 'application/x-msdos-program'] };
    expect(allowedBySite('application/pdf', 'setup.exe', security)).toBe(false);
    expect(allowedBySite('application/pdf', 'setup.pdf', security)).toBe(true);
    expect(allowedBySite('application/pdf', 'setup', security)).toBe(true);
  });
});

describe('file signer', () => {
  const SECRET = 'unit-secret-0123456789';
  const signer = createFileSigner(SECRET, 900);

  it('signs the endpoint, the file and an expiry at least the TTL away, rounded up to the minute', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 30);
    const expires = signer.expiry(now);
    expect(expires % 60).toBe(0);
    expect(expires * 1000 - now).toBeGreaterThanOrEqual(900_000);
    expect(expires * 1000 - now).toBeLessThan(960_000);
    const grant = { endpointId: 4, fileId: 17, expires };
    expect(signer.path(grant)).toBe(
      `/_api/_files/4/17?expires=${expires}&signature=${keyedHash(SECRET, 'file-url', `4:17:${expires}`)}`
    );
  });

  it('verifies its own signatures only', () => {
    const grant = { endpointId: 4, fileId: 17, expires: 1_800_000_000 };
    const signature = new URLSearchParams(signer.path(grant).split('?')[1]).get('signature')!;
    expect(signer.verify(grant, signature)).toBe(true);
    expect(signer.verify({ ...grant, fileId: 18 }, signature)).toBe(false);
    expect(signer.verify({ ...grant, endpointId: 5 }, signature)).toBe(false);
    expect(signer.verify({ ...grant, expires: grant.expires + 60 }, signature)).toBe(false);
    expect(signer.verify(grant, signature.toUpperCase())).toBe(false);
    expect(signer.verify(grant, signature.slice(0, 63))).toBe(false);
    expect(signer.verify(grant, '')).toBe(false);
    expect(createFileSigner('another-secret-0123456789', 900).verify(grant, signature)).toBe(false);
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, null],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=5-', { start: 5, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=100-', 'invalid'],
    ['bytes=9-3', 'invalid'],
    ['bytes=-0', 'invalid'],
    ['bytes=0-1,5-6', null],
    ['items=0-1', null],
    ['bytes=-', null],
  ])('reads %s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe('mediaRule', () => {
  const field = (multiple: boolean, required = false): MediaField => ({
    kind: 'media',
    name: 'photo',
    multiple,
    allowedTypes: ['images'],
    link: {
      table: 'files_related_mph',
      fileColumn: 'file_id',
      idColumn: 'related_id',
      typeColumn: 'related_type',
      fieldColumn: 'field',
      orderColumn: 'order',
    },
    attribute: { type: 'media', multiple, required },
  });
  const file = { data: GIF.toString('base64'), name: 'dot.gif' };
  const reason = (run: () => unknown) => errorOf(run, ValueRefused);

  it('decodes one file, an array for a multiple field, and null', () => {
    expect(mediaRule(field(false), 1000)(file)).toEqual({ incoming: true, name: 'dot.gif', bytes: GIF });
    expect(mediaRule(field(true), 1000)([file, file])).toHaveLength(2);
    expect(mediaRule(field(true), 1000)([])).toEqual([]);
    expect(mediaRule(field(false), 1000)(null)).toBeNull();
  });

  it.each([
    ['an array for a single field', false, [file], 'one file is expected, not an array'],
    ['one file for a multiple field', true, file, 'an array of files is expected'],
    ['a string', false, 'R0lG', 'a file is {"data": base64, "name": "file.ext"}'],
    [
      'an unknown member',
      false,
      { ...file, mime: 'image/gif' },
      'unknown member "mime" (a file has "data" and "name")',
    ],
    ['no name', false, { data: file.data }, '"name" must be a non-empty string'],
    ['a blank name', false, { ...file, name: '  ' }, '"name" must be a non-empty string'],
    ['a path as name', false, { ...file, name: 'a/b.gif' }, expect.stringMatching(/^"name" must not contain/)],
    ['a control character in the name', false, { ...file, name: 'a\u0007.gif' }, expect.stringMatching(/^"name"/)],
    ['a reserved Windows name', false, { ...file, name: 'CON.gif' }, expect.stringMatching(/^"name"/)],
    ['a long name', false, { ...file, name: `${'a'.repeat(252)}.gif` }, '"name" is longer than 255 characters'],
    ['data that is not a string', false, { ...file, data: 42 }, '"data" must be a base64 string'],
    ['bad base64', false, { ...file, data: '****' }, '"data" is not valid base64'],
    ['an empty file', false, { ...file, data: '' }, 'the file is empty'],
  ])('refuses %s', (_what, multiple, value, expected) => {
    expect(reason(() => mediaRule(field(multiple), 1000)(value))).toEqual(expected);
  });

  it('refuses a file over the limit, and a huge one before decoding it', () => {
    expect(reason(() => mediaRule(field(false), GIF.length - 1)(file))).toBe(
      `file larger than ${GIF.length - 1} bytes`
    );
    const huge = { ...file, data: 'A'.repeat(4_000_000) };
    const decode = jest.spyOn(Buffer, 'from');
    expect(reason(() => mediaRule(field(false), 1000)(huge))).toBe('file larger than 1000 bytes');
    expect(decode).not.toHaveBeenCalled();
    decode.mockRestore();
  });

  it('refuses too many files and a cleared required field', () => {
    const many = Array.from({ length: LIMITS.filesPerField + 1 }, () => file);
    expect(reason(() => mediaRule(field(true), 1000)(many))).toBe(`at most ${LIMITS.filesPerField} files`);
    expect(reason(() => mediaRule(field(false, true), 1000)(null))).toBe('a file is required');
    expect(reason(() => mediaRule(field(true), 1000, true)([]))).toBe('at least one file is required');
  });
});
