import { CDN_TAG_HEADERS, type CdnTagHeader } from '../../contracts/cache';
import { definitionSchema } from '../../contracts/definition';
import { compileCache } from '../../server/src/cache/compile-cache';
import { createReadsRecorder } from '../../server/src/cache/reads-recorder';

/** What the navbar's statements read, as totals/table-owners answers it: its type, a component, files. */
const READ = ['api::global.global', 'layout.navbar', 'plugin::upload.file'];

/** The tag headers of a public endpoint's answer once its statements ran, with `cache` and `names`. */
const tagHeadersOf = async (cache: Record<string, unknown>, names: readonly CdnTagHeader[]) => {
  const recorder = createReadsRecorder(7, { readsOf: () => READ, total: async (_sql, _bindings, count) => count() });
  const definition = definitionSchema.parse({
    name: 'navbar',
    path: 'navbar',
    type: 'list',
    object: 'api::global.global',
    fields: [{ name: 'siteName' }],
    auth: { method: 'public' },
    rateLimit: { requests: 100, windowSeconds: 60 },
    cache: { maxAgeSeconds: 60, ...cache },
  });
  const compiled = compileCache(7, definition, 'site', null, recorder, names)!;
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
