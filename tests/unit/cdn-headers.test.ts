import { CDN_TAG_HEADERS, type CdnTagHeader } from '../../contracts/cache';
import { compiledCache } from '../helpers/compiled-cache';

/** What the navbar's statements read, as totals/table-owners answers it: its type, a component, files. */
const READ = ['api::global.global', 'layout.navbar', 'plugin::upload.file'];

/** The tag headers of a public endpoint's answer once its statements ran, with `cache` and `names`. */
const tagHeadersOf = async (cache: Record<string, unknown>, names: readonly CdnTagHeader[]) => {
  const { cache: compiled, recorder } = compiledCache(
    () => READ,
    {
      name: 'navbar',
      path: 'navbar',
      object: 'api::global.global',
      fields: [{ name: 'siteName' }],
      auth: { method: 'public' },
      rateLimit: { requests: 100, windowSeconds: 60 },
      cache: { maxAgeSeconds: 60, ...cache },
    },
    { endpointId: 7, tagHeaders: names }
  );
  await recorder.executor({ all: async () => [], arrays: async () => [] }).all('select', []);
  return compiled.tagHeaders();
};

const TAGS = [
  'data-api',
  'data-api:endpoint:7',
  'data-api:type:api::global.global',
  'data-api:type:plugin::upload.file',
];

describe('CDN tag headers', () => {
  test('name the content types an answer reads, never a component, in both headers by default', async () => {
    expect(await tagHeadersOf({ sharedMaxAgeSeconds: 60 }, CDN_TAG_HEADERS)).toEqual({
      'Surrogate-Key': TAGS.join(' '),
      'Cache-Tag': TAGS.join(','),
    });
  });

  test('are the headers cache.cdnTagHeaders names: one, or none', async () => {
    expect(await tagHeadersOf({ sharedMaxAgeSeconds: 60 }, ['cache-tag'])).toEqual({ 'Cache-Tag': TAGS.join(',') });
    expect(await tagHeadersOf({ sharedMaxAgeSeconds: 60 }, ['surrogate-key'])).toEqual({
      'Surrogate-Key': TAGS.join(' '),
    });
    expect(await tagHeadersOf({ sharedMaxAgeSeconds: 60 }, [])).toEqual({});
  });

  test('are sent only on answers a CDN may keep for a while (sharedMaxAgeSeconds)', async () => {
    expect(await tagHeadersOf({}, CDN_TAG_HEADERS)).toEqual({});
  });
});
