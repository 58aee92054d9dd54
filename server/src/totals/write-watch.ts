import type { Core } from '@strapi/strapi';

const WRITES = new Set([
  'afterCreate',
  'afterCreateMany',
  'afterUpdate',
  'afterUpdateMany',
  'afterDelete',
  'afterDeleteMany',
]);
const DELETES = new Set(['afterDelete', 'afterDeleteMany']);

/** What is read of a lifecycle event: the model's metadata, and the values written. */
interface WriteEvent {
  action: string;
  model: { uid: string; attributes?: Record<string, { type: string; target?: string; morphBy?: string }> };
  params?: { data?: unknown };
}

/**
 * The types whose polymorphic link tables a write of `event` rewrote (the file type, for a media field): a
 * delete drops the row's links, a create or update rewrites those of the fields its data names. Their readers
 * read them as the link table's type's (table-owners.ts), so the write counts as one of that type too.
 */
const morphTargetsWritten = ({ action, model, params }: WriteEvent): string[] => {
  const targets = new Set<string>();
  const records = (Array.isArray(params?.data) ? params.data : [params?.data]) as unknown[];
  for (const [name, attribute] of Object.entries(model.attributes ?? {})) {
    if (!attribute.morphBy || !attribute.target) continue;
    const named = records.some((data) => typeof data === 'object' && data !== null && name in data);
    if (DELETES.has(action) || named) targets.add(attribute.target);
  }
  return [...targets];
};

/**
 * Every write Strapi's Query Engine makes (the Document Service, the admin panel, Strapi's REST and GraphQL
 * APIs, site code using either) reaches `written` with its content type, and the file type when it rewrote the
 * record's media links, once it is committed: inside a transaction when that commits (a count taken before the
 * commit must not be kept), else at once. A rolled back transaction changed nothing and reports nothing. Only
 * `tracked` types are watched. Answers how to stop watching.
 */
export const watchStrapiWrites = (
  strapi: Core.Strapi,
  tracked: (uid: string) => boolean,
  written: (uids: string[]) => void
): (() => void) => {
  const unsubscribe = strapi.db.lifecycles.subscribe(async (event: WriteEvent) => {
    if (!WRITES.has(event.action)) return;
    if (!tracked(event.model.uid)) return;
    const uids = [event.model.uid, ...morphTargetsWritten(event)];
    if (!strapi.db.inTransaction()) return written(uids);
    await strapi.db.transaction(({ onCommit }) => onCommit(() => written(uids)));
  });
  return unsubscribe;
};
