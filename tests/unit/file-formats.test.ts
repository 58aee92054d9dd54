import { formatOf, formatsOf } from '../../server/src/files/file-formats';
import type { FileRecord } from '../../server/src/files/media-library';
import { mediaObject } from '../../server/src/files/media-object';
import { createFileSigner } from '../../server/src/files/signature';

/** Formats of images: signed apart from their original, served as files of their own. */

const format = (name: string, size: number) => ({
  name: `${name}_a.png`,
  hash: `${name}_a_1`,
  ext: '.png',
  mime: 'image/png',
  url: `/uploads/${name}_a_1.png`,
  width: 100,
  height: 75,
  size,
  sizeInBytes: Math.round(size * 1000),
});

const FILE: FileRecord = {
  id: 7,
  name: 'a.png',
  url: '/uploads/a_1.png',
  mime: 'image/png',
  size: '12.34' as unknown as number, // decimals come back as strings on PostgreSQL
  provider: 'local',
  width: 800,
  height: 600,
  alternativeText: 'An a',
  caption: null,
  formats: { thumbnail: format('thumbnail', 0.87), small: format('small', 3.43), 'bad name': format('bad', 1) },
};

describe('signed URLs of formats', () => {
  const signer = createFileSigner('secret', 600);
  const grant = { endpointId: 1, fileId: 7, expires: signer.expiry() };
  const signatureOf = (path: string) => new URL(path, 'http://x').searchParams.get('signature')!;

  test('name the format in the path, and sign it', () => {
    const path = signer.path({ ...grant, format: 'thumbnail' });
    expect(path).toMatch(/^\/_api\/_files\/1\/7\/thumbnail\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect(signer.verify({ ...grant, format: 'thumbnail' }, signatureOf(path))).toBe(true);
  });

  test("cannot be turned into the original's or another format's", () => {
    const thumbnail = signatureOf(signer.path({ ...grant, format: 'thumbnail' }));
    expect(signer.verify(grant, thumbnail)).toBe(false);
    expect(signer.verify({ ...grant, format: 'small' }, thumbnail)).toBe(false);
    expect(signer.verify({ ...grant, format: 'thumbnail' }, signatureOf(signer.path(grant)))).toBe(false);
  });
});

describe('formats of a file', () => {
  test('only those a URL can name, in stored order', () => {
    expect(formatsOf(FILE).map(([name]) => name)).toEqual(['thumbnail', 'small']);
    expect(formatsOf({ ...FILE, formats: null })).toEqual([]);
  });

  test('one format as a file of its own, with the id and provider of its file', () => {
    expect(formatOf(FILE, 'small')).toMatchObject({ id: 7, provider: 'local', url: '/uploads/small_a_1.png' });
    for (const name of ['large', '__proto__', 'constructor', 'bad name']) expect(formatOf(FILE, name)).toBeNull();
  });
});

describe('media objects', () => {
  test("the file's fields, size in kilobytes, and each format with its own URL", () => {
    const urlOf = (name?: string) => `u/${name ?? 'original'}`;
    expect(mediaObject(FILE, urlOf)).toEqual({
      url: 'u/original',
      name: 'a.png',
      mime: 'image/png',
      size: 12.34,
      width: 800,
      height: 600,
      alternativeText: 'An a',
      caption: null,
      formats: {
        thumbnail: {
          url: 'u/thumbnail',
          name: 'thumbnail_a.png',
          mime: 'image/png',
          size: 0.87,
          width: 100,
          height: 75,
        },
        small: { url: 'u/small', name: 'small_a.png', mime: 'image/png', size: 3.43, width: 100, height: 75 },
      },
    });
  });

  test('a file without formats or dimensions', () => {
    const pdf = { ...FILE, mime: 'application/pdf', width: null, height: undefined, formats: null };
    expect(mediaObject(pdf, () => 'u')).toMatchObject({ width: null, height: null, formats: {} });
  });
});
