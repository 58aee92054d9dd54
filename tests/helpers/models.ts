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
});

export const relation = (name: string, target: string, many: boolean, link: Omit<Link, 'orderColumn'>): ModelField => ({
  kind: 'relation',
  name,
  target,
  many,
  link: { ...link, orderColumn: null },
  attribute: { type: 'relation' },
});

export const modelOf = (uid: string, table: string, fields: ModelField[]): Model => ({
  uid,
  table,
  draftAndPublish: false,
  fields: new Map(fields.map((f) => [f.name, f])),
});
