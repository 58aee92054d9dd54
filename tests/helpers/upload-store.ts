import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** The tests' upload provider (tests/fixtures/upload-provider), standing in for S3. */
export const PROVIDER = resolve(__dirname, '..', 'fixtures', 'upload-provider');
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { tokenOf } = require(PROVIDER) as { tokenOf: (secret: string, name: string) => string };
export const PROVIDER_SECRET = 'test-provider-secret';

/**
 * The provider's store: files in a folder, served over HTTP, with the token check of a private bucket (whose
 * signed URLs, like S3's, are good for GET only). Like many CDNs it compresses when the client accepts it.
 */
export const startStore = async (checkToken: boolean) => {
  const dir = mkdtempSync(join(tmpdir(), 'data-api-store-'));
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://store');
    const name = url.pathname.slice(1);
    const valid =
      /^[\w.-]+$/.test(name) &&
      (!checkToken || (req.method === 'GET' && url.searchParams.get('token') === tokenOf(PROVIDER_SECRET, name)));
    let body: Buffer | null = null;
    try {
      body = valid ? readFileSync(join(dir, name)) : null;
    } catch {
      body = null;
    }
    res.statusCode = !valid ? 403 : body ? 200 : 404;
    if (body && /gzip/.test(req.headers['accept-encoding'] ?? '')) {
      body = gzipSync(body);
      res.setHeader('Content-Encoding', 'gzip');
    }
    if (body) res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : (body ?? undefined));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    dir,
    baseUrl,
    /** The environment that makes the tests' Strapi store its uploads here. */
    env: {
      UPLOAD_PROVIDER: PROVIDER,
      UPLOAD_PROVIDER_OPTIONS: JSON.stringify({ dir, baseUrl, private: checkToken }),
    },
    files: () => readdirSync(dir),
    stop: async () => {
      await new Promise((done) => server.close(done));
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

export type UploadStore = Awaited<ReturnType<typeof startStore>>;
