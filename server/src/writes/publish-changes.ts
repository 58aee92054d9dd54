import { AsyncLocalStorage } from 'node:async_hooks';
import type { Core } from '@strapi/strapi';
import { pendingSelfRelation } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';

type Row = Record<string, unknown>;

/** The publication under way in this async context: its document and the fields the write changed. */
interface Publication {
  uid: string;
  documentId: string;
  changed: ReadonlySet<string>;
  /** Set once Strapi's publish has read the draft through the hook below. */
  seen: boolean;
}

interface FindManyEvent {
  model: { uid: string };
  params?: { where?: Row; populate?: unknown };
  result?: unknown;
}

const current = new AsyncLocalStorage<Publication>();
const subscribed = new WeakSet<object>();

/** Attributes Strapi maintains itself: the published version takes them from the draft, as Strapi's publish does. */
const MAINTAINED = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'firstPublishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
]);

const documentIdsOf = (value: unknown) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((v) => String((v as Row).documentId)).sort();

/**
 * Strapi's publish copies the whole draft into a new published row; it reads the draft with one query
 * (`documentId`, `publishedAt: null`, deeply populated). Answering that query with the published version's
 * values in every field the write did not change makes Strapi publish the current published version plus
 * this write's changes, with its own copying of relations, media and components, its relation syncs and events.
 */
const overlayPublished = async (strapi: Core.Strapi, event: FindManyEvent) => {
  const publication = current.getStore();
  const where = event.params?.where;
  if (!publication || event.model.uid !== publication.uid || !Array.isArray(event.result)) return;
  if (where?.documentId !== publication.documentId || where.publishedAt !== null || !event.params?.populate) return;
  publication.seen = true;
  const attributes = strapi.contentType(publication.uid as never).attributes as Record<string, Row>;
  const live: Row[] = await strapi.db.query(publication.uid as never).findMany({
    where: { documentId: publication.documentId, publishedAt: { $notNull: true } },
    populate: event.params.populate as never,
  });
  for (const draft of event.result as Row[]) {
    // No published version yet (of this locale): the first publication is the draft as it stands.
    const version = live.find((row) => (row.locale ?? null) === (draft.locale ?? null));
    if (!version) continue;
    for (const [name, attribute] of Object.entries(attributes)) {
      if (MAINTAINED.has(name) || publication.changed.has(name)) continue;
      // Strapi's publish re-links the draft's own links to rows of the same type from the join table, whatever
      // the draft it was given says: a pending edit there would be published along.
      const selfLink = attribute.type === 'relation' && attribute.target === publication.uid && !attribute.mappedBy;
      if (selfLink && documentIdsOf(draft[name]).join() !== documentIdsOf(version[name]).join()) {
        throw new ApiError(409, pendingSelfRelation(name));
      }
      draft[name] = version[name];
    }
  }
};

const subscribe = (strapi: Core.Strapi) => {
  if (subscribed.has(strapi.db)) return;
  subscribed.add(strapi.db);
  strapi.db.lifecycles.subscribe({
    afterFindMany: (event: unknown) => overlayPublished(strapi, event as FindManyEvent),
  });
};

/**
 * Runs `publish` (Strapi's publish of the document) so that the published version gets only the fields
 * `changed` from the draft and keeps its own values of every other field; the draft itself is not touched.
 */
export const publishChanges = async <T>(
  strapi: Core.Strapi,
  uid: string,
  documentId: string,
  changed: Iterable<string>,
  publish: () => Promise<T>
): Promise<T> => {
  subscribe(strapi);
  const publication: Publication = { uid, documentId, changed: new Set(changed), seen: false };
  const result = await current.run(publication, publish);
  // Lifecycles switched off, or a Strapi whose publish reads the draft otherwise: never publish the whole draft.
  // (No result: the document was gone, nothing was published.)
  if (result && !publication.seen)
    throw new Error(`[data-api] could not limit the publication of ${uid} to the changed fields`);
  return result;
};
