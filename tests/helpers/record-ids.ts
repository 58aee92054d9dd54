import type { TestApp } from './strapi';

type Json = unknown;
type Entry = { id: number; documentId: string; locale?: string | null };

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Entry).id === 'number' &&
  typeof (value as Entry).documentId === 'string';

const entriesIn = (value: Json, found: Entry[] = []): Entry[] => {
  if (Array.isArray(value)) value.forEach((item) => entriesIn(item, found));
  else if (typeof value === 'object' && value !== null) {
    if (isEntry(value)) found.push(value);
    Object.values(value).forEach((item) => entriesIn(item, found));
  }
  return found;
};

/**
 * Strapi's REST answer with the plugin's record ids: each entry of a Draft & Publish type (at any depth) gets the
 * id of its document's draft row in its locale (server/src/query/record-id.ts), where REST answers the id of the
 * row it read (a published row's id changes on every publish). Other entries, components and files keep theirs.
 * Changes `body` in place and returns it.
 */
export const withRecordIds = async <T>(app: TestApp, body: T): Promise<T> => {
  const entries = entriesIn(body);
  if (!entries.length) return body;
  const documentIds = [...new Set(entries.map((entry) => entry.documentId))];
  const drafts = new Map<string, Array<{ id: number; locale: string | null }>>();
  const versioned = Object.entries(app.strapi.contentTypes).filter(
    ([uid, type]) =>
      uid.startsWith('api::') && (type as { options?: { draftAndPublish?: boolean } }).options?.draftAndPublish
  );
  for (const [uid] of versioned) {
    const table = (app.strapi.db.metadata.get(uid as never) as { tableName: string }).tableName;
    const rows = await app.strapi.db
      .connection(table)
      .whereIn('document_id', documentIds)
      .whereNull('published_at')
      .select('id', 'document_id', 'locale');
    for (const row of rows) {
      const known = drafts.get(String(row.document_id)) ?? [];
      known.push({ id: Number(row.id), locale: row.locale ?? null });
      drafts.set(String(row.document_id), known);
    }
  }
  for (const entry of entries) {
    const candidates = drafts.get(entry.documentId) ?? [];
    if (candidates.length > 1 && typeof entry.locale !== 'string')
      throw new Error(`withRecordIds: entry ${entry.documentId} of a translated type needs its locale in the answer`);
    const draft = candidates.length === 1 ? candidates[0] : candidates.find((c) => c.locale === entry.locale);
    if (draft) entry.id = draft.id;
  }
  return body;
};
