import type { Link, Model, ModelField, ScalarType } from '../../server/src/query/model';

/** Hand-made models for unit tests: what server/src/query/model.ts builds from Strapi's metadata. */
export const scalar = (
  name: string,
  type: ScalarType,
  column = name,
  attribute: Record<string, unknown> = {}
): ModelField => ({
  kind: 'scalar',
  name,
  column,
  type,
  attribute: { type, ...attribute },
  writable: name !== 'id',
});

export const relation = (
  name: string,
  target: string,
  many: boolean,
  link: Omit<Link, 'orderColumn' | 'inverseOrderColumn' | 'targetTable'>
): ModelField => ({
  kind: 'relation',
  name,
  target,
  many,
  targetSingle: false,
  targetDraftAndPublish: false,
  link: { ...link, targetTable: target, orderColumn: null, inverseOrderColumn: null },
  attribute: { type: 'relation' },
});

export const modelOf = (uid: string, table: string, fields: ModelField[]): Model => ({
  uid,
  table,
  draftAndPublish: false,
  hasLifecycles: false,
  localized: false,
  complexFields: false,
  single: false,
  morphLinks: [],
  fields: new Map(fields.map((f) => [f.name, f])),
});
