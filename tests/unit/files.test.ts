import { LIMITS } from '../../contracts/limits';
import { keyedHash } from '../../server/src/auth/keyed-hash';
import { decodeBase64 } from '../../server/src/files/base64';
import { fileDataLength, mediaRule } from '../../server/src/files/incoming';
import { parseRange } from '../../server/src/files/send-file';
import { createFileSigner } from '../../server/src/files/signature';
import { allowedBySite, identifyFile } from '../../server/src/files/sniff';
import { errorOf } from '../helpers/errors';
import { media } from '../helpers/models';
import { ValueRefused } from '../../server/src/errors/field-error';

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

describe('identifyFile', () => {
  const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 'rest');
  const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 'rest');
  const PDF = bytes('%PDF-1.7\n');
  const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 'rest');
  const CFB = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 'rest');
  const MP4 = bytes(0, 0, 0, 0x18, 'ftypisom', 0, 0, 0, 0);
  const HEIC = bytes(0, 0, 0, 0x18, 'ftypheic', 0, 0, 0, 0);
  const WEBP = bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ');
  const MP3 = bytes('ID3', 3, 0, 0, 0, 0, 0, 0);
  const TEXT = Buffer.from('a,b\n1,2\n');
  const SCRIPT = Buffer.from('alert(document.cookie)');
  const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const refusal = (content: Buffer, name: string) => errorOf(() => identifyFile(content, name), ValueRefused);

  it.each([
    ['a GIF named .gif', GIF, 'dot.gif', 'image/gif', 'images', 'dot.gif'],
    ['a GIF with no extension', GIF, 'photo', 'image/gif', 'images', 'photo.gif'],
    ['a PNG with no extension', PNG, 'photo', 'image/png', 'images', 'photo.png'],
    ['a JPEG named .JPEG', JPEG, 'x.JPEG', 'image/jpeg', 'images', 'x.JPEG'],
    ['a JPEG with an unknown extension', JPEG, 'holiday.v2', 'image/jpeg', 'images', 'holiday.v2.jpg'],
    ['an MP4', MP4, 'clip.mp4', 'video/mp4', 'videos', 'clip.mp4'],
    ['a HEIC picture', HEIC, 'x.heic', 'image/heic', 'images', 'x.heic'],
    ['a WebP picture', WEBP, 'x', 'image/webp', 'images', 'x.webp'],
    ['an MP3 with an ID3 tag', MP3, 'song', 'audio/mpeg', 'audios', 'song.mp3'],
    ['a PDF', PDF, 'invoice.pdf', 'application/pdf', 'files', 'invoice.pdf'],
    ['a ZIP named .docx (an Office document)', ZIP, 'report.docx', WORD, 'files', 'report.docx'],
    ['a ZIP with no extension', ZIP, 'archive', 'application/zip', 'files', 'archive.zip'],
    ['a CFB named .xls (a legacy Office document)', CFB, 'old.xls', 'application/vnd.ms-excel', 'files', 'old.xls'],
    ['text named .csv', TEXT, 'data.csv', 'text/csv', 'files', 'data.csv'],
    ['text with no extension', TEXT, 'notes', 'text/plain', 'files', 'notes.txt'],
    ['a script with no extension, as text', SCRIPT, 'notes', 'text/plain', 'files', 'notes.txt'],
    [
      'a long name, cut to make room for the extension',
      TEXT,
      'a'.repeat(255),
      'text/plain',
      'files',
      `${'a'.repeat(251)}.txt`,
    ],
  ])('accepts %s', (_what, content, name, mime, family, stored) => {
    expect(identifyFile(content, name)).toEqual({ mime, family, name: stored });
  });

  it.each([
    ['a GIF named .pdf', GIF, 'x.pdf', 'the name ends in ".pdf" but the content is image/gif'],
    ['a PNG named .jpg', PNG, 'photo.jpg', 'the name ends in ".jpg" but the content is image/png'],
    ['a PDF named .gif', PDF, 'photo.gif', 'the name ends in ".gif" but the content is application/pdf'],
    ['a ZIP named .png', ZIP, 'x.png', 'the name ends in ".png" but the content is application/zip'],
    ['text named .jpg', TEXT, 'photo.jpg', 'the name ends in ".jpg" but the content is text'],
    ['a script named .es', SCRIPT, 'x.es', '".es" files are not accepted'],
    ['a script named .ecma', SCRIPT, 'x.ecma', '".ecma" files are not accepted'],
    ['a script named .mjs', SCRIPT, 'x.mjs', '".mjs" files are not accepted'],
    ['a script named .js', SCRIPT, 'x.js', '".js" files are not accepted'],
    ['a script named .cjs', SCRIPT, 'x.cjs', '".cjs" files are not accepted'],
    ['an HTML name', TEXT, 'page.html', '".html" files are not accepted'],
    ['an SVG name', TEXT, 'x.svg', '".svg" files are not accepted'],
    ['an RDF name (XML that can carry XHTML script)', TEXT, 'feed.rdf', '".rdf" files are not accepted'],
    ['an XSLT name', TEXT, 'x.xslt', '".xslt" files are not accepted'],
    ['a MathML name', TEXT, 'x.mml', '".mml" files are not accepted'],
    ['a PDF named .exe', PDF, 'setup.exe', '".exe" files are not accepted'],
    ['a ZIP named .jar', ZIP, 'app.jar', '".jar" files are not accepted'],
    [
      'a CFB with no Office extension',
      CFB,
      'setup',
      'application/x-cfb content needs a name ending in .doc, .xls, .ppt',
    ],
    ['a font', bytes('wOFF', 0, 1, 0, 0), 'x.woff', 'font/woff is not an accepted file type'],
    ['WebAssembly', bytes(0, 'asm', 1, 0, 0, 0), 'x.wasm', 'application/wasm is not an accepted file type'],
    ['unknown binary content', bytes('\x01\x02', 0, 'x'), 'x.bin', 'the content is not of an accepted file type'],
  ])('refuses %s', (_what, content, name, reason) => {
    expect(refusal(content, name)).toBe(reason);
  });

  it.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.png'],
    ['HTML after a BOM and blanks', Buffer.from('\uFEFF  \n<!DOCTYPE html><p>x'), 'x.txt'],
    ['XML', Buffer.from('<?xml version="1.0"?><a/>'), 'x.csv'],
    ['a script element', Buffer.from('<script>alert(1)</script>'), 'x.txt'],
  ])('refuses markup by its content, whatever the name: %s', (_what, content, name) => {
    expect(refusal(content, name)).toBe('HTML, SVG, XML and scripts are not accepted');
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

  it('honours expiries within the lifetime of its links only (one step of clock slack)', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 30);
    const latest = signer.expiry(now);
    expect(signer.withinLifetime(latest, now)).toBe(true);
    expect(signer.withinLifetime(latest + 60, now)).toBe(true);
    expect(signer.withinLifetime(latest + 61, now)).toBe(false);
    expect(signer.withinLifetime(now / 1000 + 365 * 86_400, now)).toBe(false);
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
  const field = (multiple: boolean, required = false) => media('photo', multiple, { multiple, required });
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

describe('fileDataLength', () => {
  it('counts the base64 data of the files sent for the named media fields, in one record or many', () => {
    const one = { data: 'AAAA', name: 'a.gif' };
    expect(fileDataLength({ photo: one, gallery: [one, one], title: 'x' }, ['photo', 'gallery'])).toBe(12);
    expect(fileDataLength([{ photo: one }, { photo: null }, 'x', { photo: [one] }], ['photo'])).toBe(8);
  });

  it('does not count file-like values of other fields, or file objects whose data is not text', () => {
    const one = { data: 'A'.repeat(100), name: 'a.gif' };
    expect(fileDataLength({ note: one, photo: { data: 42, name: 'x' } }, ['photo'])).toBe(0);
    expect(fileDataLength(null, ['photo'])).toBe(0);
  });
});
