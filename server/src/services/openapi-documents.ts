import type { Core } from '@strapi/strapi';
import { createHash } from 'node:crypto';
import {
  OPENAPI_PATH,
  openapiDocumentInputSchema,
  SLUG_MAX_LENGTH,
  slugOf,
  type StoredOpenapiDocument,
} from '../../../contracts/openapi';
import { problemsOfIssues, type Problem } from '../../../contracts/problems';
import { UIDS } from '../../../contracts/plugin';
import { createLru } from '../query/lru';
import { refuse } from '../errors/refuse';
import { isUniqueViolation } from '../errors/unique-violation';
import { buildOpenapiDocument, type OpenapiObject } from '../openapi/document';
import { getService } from './get-service';
import { pluginConfig } from '../config/plugin-config';
import { storedCollection } from './stored-collection';
import { decodedOrThrow, decodeRows, mapDecoded, warnLeftOut } from '../stored/decode';
import { endpointId } from '../stored/stored-endpoint';
import {
  documentEndpoints,
  documentTitle,
  storedOpenapiDocument,
  type StoredOpenapiDocumentRow,
} from '../stored/stored-openapi-document';

const toStored = ({ createdAt, updatedAt, ...document }: StoredOpenapiDocumentRow): StoredOpenapiDocument => ({
  ...document,
  publicPath: `/_api/${OPENAPI_PATH}/${document.slug}.json`,
  createdAt,
  updatedAt,
});

const slugTaken = (slug: string, by?: { id: number; title: string }): Problem => ({
  path: ['title'],
  message: `its slug "${slug}" is already used${by ? ` by document ${by.id} ("${by.title}")` : ''}`,
});

/** Curated OpenAPI documents (docs/openapi.md): a selection of endpoints, generated from their definitions on demand. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const query = () => strapi.db.query(UIDS.openapiDocument);
  const leftOut = warnLeftOut(strapi);

  /**
   * Checks a document: its shape, a free slug, and endpoints that exist. An endpoint deleted since the document
   * was stored is dropped rather than refused, so the owner can save the list they were shown.
   */
  const validate = async (input: unknown, id?: number) => {
    const parsed = openapiDocumentInputSchema.safeParse(input);
    if (!parsed.success) return refuse(problemsOfIssues(parsed.error));
    const document = parsed.data;
    const slug = slugOf(document.title);
    const problems: Problem[] = [];
    if (slug.length > SLUG_MAX_LENGTH)
      problems.push({ path: ['title'], message: `its slug would be longer than ${SLUG_MAX_LENGTH} characters` });
    const found = document.endpoints.length
      ? await strapi.db
          .query(UIDS.endpoint)
          .findMany({ where: { id: { $in: document.endpoints } }, select: endpointId.columns })
      : [];
    const exists = new Set(decodeRows(found, endpointId.decode, leftOut).map((e) => e.id));
    const listed = id ? await query().findOne({ where: { id }, select: documentEndpoints.columns }) : null;
    const stored = listed ? decodeRows([listed], documentEndpoints.decode, leftOut)[0]?.endpoints : [];
    const missing = document.endpoints.filter((e) => !exists.has(e) && !stored?.includes(e));
    if (missing.length) problems.push({ path: ['endpoints'], message: `no endpoint with id ${missing.join(', ')}` });
    const clash = await query().findOne({
      where: { slug, ...(id ? { id: { $ne: id } } : {}) },
      select: documentTitle.columns,
    });
    if (clash) {
      const by = documentTitle.decode(clash);
      problems.push(slugTaken(slug, by.ok ? by.value : undefined));
    }
    if (problems.length) refuse(problems);
    return { ...document, endpoints: document.endpoints.filter((e) => exists.has(e)), slug };
  };

  const save = async (data: Awaited<ReturnType<typeof validate>>, id?: number) => {
    try {
      const row = id ? await query().update({ where: { id }, data }) : await query().create({ data });
      return toStored(decodedOrThrow(storedOpenapiDocument.decode(row)));
    } catch (error) {
      // Two saves of the same slug at once: the unique index decides.
      if (isUniqueViolation(error)) refuse([slugTaken(data.slug)]);
      throw error;
    }
  };

  /** The OpenAPI JSON of a stored document, from the definitions in force now. */
  const generate = (document: StoredOpenapiDocument): OpenapiObject => {
    const engine = getService(strapi, 'engine');
    const deps = engine.compileDeps();
    return buildOpenapiDocument(document, engine.snapshot().endpoints, {
      // OpenAPI 3.1 resolves a relative server URL against the document's own: "/" is the site it came from.
      serverUrl: deps.publicUrl ?? '/',
      dialect: deps.dialect,
      modelOf: deps.modelOf,
      sessionCookie: pluginConfig(strapi, 'session').cookieName,
      fileUrlTtlSeconds: pluginConfig(strapi, 'files').urlTtlSeconds,
      displayNameOf: (uid) => strapi.contentTypes[uid as keyof typeof strapi.contentTypes]?.info?.displayName ?? uid,
    });
  };

  // Public documents are read far more often than definitions change: their text is kept per document version
  // and definitions revision.
  const published = createLru<{ body: string; etag: string }>(50);

  /** A public document's JSON text and its ETag, generated once per change. */
  const publicJson = (document: StoredOpenapiDocument) => {
    const { revision } = getService(strapi, 'engine').snapshot();
    const key = JSON.stringify([document.id, document.updatedAt, revision]);
    const cached = published.get(key);
    if (cached) return cached;
    const body = JSON.stringify(generate(document));
    const entry = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    published.set(key, entry);
    return entry;
  };

  const collection = storedCollection(strapi, UIDS.openapiDocument, {
    decode: (row) => mapDecoded(storedOpenapiDocument.decode(row), toStored),
    validate,
    save,
  });

  return {
    ...collection,
    validate,
    save,
    /** The document whose title gives `slug`, public or not. */
    findBySlug: (slug: string) => collection.findWhere({ slug }),
    findPublic: (slug: string) => collection.findWhere({ slug, public: true }),
    async remove(id: number) {
      const row = await query().delete({ where: { id } });
      return row ? { id } : null;
    },
    generate,
    publicJson,
    /** Takes a deleted endpoint out of every document (called in the deletion's transaction). */
    async forgetEndpoint(id: number) {
      const rows = await query().findMany({ select: documentEndpoints.columns });
      for (const document of decodeRows(rows, documentEndpoints.decode, leftOut)) {
        const { endpoints } = document;
        if (endpoints.includes(id)) {
          await query().update({ where: { id: document.id }, data: { endpoints: endpoints.filter((e) => e !== id) } });
        }
      }
    },
  };
};
