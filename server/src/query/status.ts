import { quoter, type Dialect } from './dialect';
import type { Model, RelationField } from './model';

/** What a read endpoint reads of a Draft & Publish type: the published versions (the default) or the drafts. */
export type Status = 'published' | 'draft';

/** Keeps the rows of `alias` that are versions of `status` (a Draft & Publish type keeps each version as a row). */
export const statusCondition = (alias: string, status: Status, dialect: Dialect) =>
  `${alias}.${quoter(dialect)('published_at')} IS ${status === 'draft' ? '' : 'NOT '}NULL`;

/**
 * The version of related rows a relation of `owner`'s rows leads to. Strapi's Document Service links a draft to
 * the drafts of related Draft & Publish documents and a published version to published ones, but a record of a
 * type without Draft & Publish to both versions; its REST API then keeps the related rows of the status read.
 * A read passes its status (as Strapi's populate does); without one (writes, tasks: rows of either version),
 * each row leads to its own version: no condition on a Draft & Publish owner, the published rows otherwise.
 */
export const linkedStatus = (owner: Model, status: Status | undefined): Status | null =>
  status ?? (owner.draftAndPublish ? null : 'published');

/** On a relation into a Draft & Publish type, the condition on the related row (`alias`); null otherwise. */
export const relatedStatusCondition = (field: RelationField, alias: string, status: Status | null, dialect: Dialect) =>
  field.targetDraftAndPublish && status ? statusCondition(alias, status, dialect) : null;
