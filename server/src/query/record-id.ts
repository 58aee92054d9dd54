import { quoter, type Dialect } from './dialect';
import type { Model, RelationField, ScalarField } from './model';
import type { Status } from './status';

/**
 * The id a client sees for a record. Strapi keeps each version of a Draft & Publish record as a row of its own and
 * recreates the published row on every publish, with a new id; the draft row is updated in place. So a record's
 * id is its draft row's id, whichever version is read: the same in a List, a relation value, a path number, a
 * keyset cursor and a Create's answer, across publishes by the plugin and by editors. Types without Draft &
 * Publish keep one row per record, whose id it is.
 */

/** How a Draft & Publish type keeps a record's versions: one draft per document, per locale when translated. */
export interface Versioned {
  table: string;
  localized: boolean;
}

/** The versions of `model`'s records; null when each record is one row. */
export const versionsOf = (model: Pick<Model, 'draftAndPublish' | 'table' | 'localized'>): Versioned | null =>
  model.draftAndPublish ? { table: model.table, localized: model.localized } : null;

/** The versions of the records a relation leads to; null when each is one row. */
export const targetVersionsOf = (field: RelationField): Versioned | null =>
  field.targetDraftAndPublish ? { table: field.link.targetTable, localized: field.targetLocalized } : null;

/** Whether rows of `versions` read in `status` answer another row's id: drafts are their own record ids. */
const mapped = (versions: Versioned | null, status: Status | null | undefined): versions is Versioned =>
  versions !== null && status !== 'draft';

/** The condition that `draft` is the draft row of the record `row` is a version of (a draft: itself). */
const draftOf = (versions: Versioned, draft: string, row: string, dialect: Dialect) => {
  const q = quoter(dialect);
  const sameLocale = versions.localized ? ` AND ${draft}.${q('locale')} = ${row}.${q('locale')}` : '';
  return `${draft}.${q('document_id')} = ${row}.${q('document_id')}${sameLocale} AND ${draft}.${q('published_at')} IS NULL`;
};

/**
 * The JOIN of the draft row `draft` of the row `alias` (of either version), whose id is the record id: a List
 * sorts, pages and filters by it, which the database reads in primary-key order (a keyset page of a large table
 * costs what it costs without versions). Null when the row's own id is its record id. Inner: a published row
 * without a draft, which Strapi never leaves, is not listed.
 */
export const draftJoin = (
  versions: Versioned | null,
  alias: string,
  draft: string,
  dialect: Dialect,
  status?: Status | null
): string | null =>
  mapped(versions, status)
    ? `JOIN ${quoter(dialect)(versions.table)} ${draft} ON ${draftOf(versions, draft, alias, dialect)}`
    : null;

/**
 * The record id of the row `alias` (of either version, or of `status`): one indexed lookup of its draft
 * (Strapi's `documents` index), the row's own id for a published row without a draft, which Strapi never leaves.
 */
export const recordIdOf = (
  versions: Versioned | null,
  alias: string,
  dialect: Dialect,
  status?: Status | null
): string => {
  const q = quoter(dialect);
  if (!mapped(versions, status)) return `${alias}.${q('id')}`;
  const draft = `${alias}_d`;
  return `COALESCE((SELECT MIN(${draft}.${q('id')}) FROM ${q(versions.table)} ${draft} WHERE ${draftOf(versions, draft, alias, dialect)}), ${alias}.${q('id')})`;
};

/** The expression of a plain field of the row `alias`: its column, but the record id for `id`. */
export const scalarOf = (
  versions: Versioned | null,
  field: ScalarField,
  alias: string,
  dialect: Dialect,
  status?: Status | null
) => (field.name === 'id' ? recordIdOf(versions, alias, dialect, status) : `${alias}.${quoter(dialect)(field.column)}`);

/**
 * A condition on the record id of the row `alias`, given as a condition on `${drafts}.id`: a condition on ids of
 * draft rows, then the rows of the same documents (and locales). The database finds the drafts by primary key
 * and the rows by the `documents` index, for a path number, a range (a keyset cursor) or a list alike, where a
 * condition on `recordIdOf` would look every row's draft up. Null when the row's own id is its record id.
 */
export const onRecordId = (
  versions: Versioned | null,
  alias: string,
  drafts: string,
  dialect: Dialect,
  status?: Status | null
): ((condition: string) => string) | null => {
  if (!mapped(versions, status)) return null;
  const q = quoter(dialect);
  const columns = (row: string) =>
    versions.localized ? `${row}.${q('document_id')}, ${row}.${q('locale')}` : `${row}.${q('document_id')}`;
  const key = versions.localized ? `(${columns(alias)})` : columns(alias);
  return (condition) =>
    `${key} IN (SELECT ${columns(drafts)} FROM ${q(versions.table)} ${drafts} WHERE ${drafts}.${q('published_at')} IS NULL AND ${condition})`;
};
