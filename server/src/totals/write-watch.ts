import type { Core } from '@strapi/strapi';

const WRITES = new Set([
  'afterCreate',
  'afterCreateMany',
  'afterUpdate',
  'afterUpdateMany',
  'afterDelete',
  'afterDeleteMany',
]);

/**
 * Every write Strapi's Query Engine makes (the Document Service, the admin panel, Strapi's REST and GraphQL
 * APIs, site code using either) reaches `written` with its content type once it is committed: inside a
 * transaction when that commits (a count taken before the commit must not be kept), else at once. A rolled
 * back transaction changed nothing and reports nothing. Only `tracked` types are watched. Answers how to stop
 * watching.
 */
export const watchStrapiWrites = (
  strapi: Core.Strapi,
  tracked: (uid: string) => boolean,
  written: (uid: string) => void
): (() => void) => {
  const unsubscribe = strapi.db.lifecycles.subscribe(async (event: { action: string; model: { uid: string } }) => {
    if (!WRITES.has(event.action)) return;
    const { uid } = event.model;
    if (!tracked(uid)) return;
    if (!strapi.db.inTransaction()) return written(uid);
    await strapi.db.transaction(({ onCommit }) => onCommit(() => written(uid)));
  });
  return unsubscribe;
};
