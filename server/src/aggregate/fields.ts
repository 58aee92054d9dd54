import { DefinitionError } from '../errors/definition-error';
import { codecFor, type Codec } from '../query/codecs';
import { quoter, type Dialect } from '../query/dialect';
import { requireField } from '../query/fields';
import { ROOT } from '../query/list-sql';
import type { Model, ModelField, RelationField } from '../query/model';

/** A field an aggregate groups or measures by: its SQL expression, the joins it needs and how to read it. */
export interface AggregateField {
  expression: string;
  field: Exclude<ModelField, { kind: 'unsupported' | 'media' }>;
  codec: Codec;
}

/**
 * Resolves `field` or `relation.field` (one to-one or many-to-one hop) of `model`. Each hop adds LEFT JOINs
 * through the relation's link table, shared by every field that follows the same relation.
 */
export const createFieldResolver = (model: Model, dialect: Dialect, modelOf: (uid: string) => Model | null) => {
  const q = quoter(dialect);
  const joins = new Map<string, { link: string; target: string; sql: string }>();

  const joinOf = (relation: RelationField, where: string) => {
    const known = joins.get(relation.name);
    if (known) return known;
    const n = joins.size + 1;
    const link = `al${n}`;
    const target = `at${n}`;
    const { table, ownerColumn, targetColumn, targetTable } = relation.link;
    const sql =
      `LEFT JOIN ${q(table)} ${link} ON ${link}.${q(ownerColumn)} = ${ROOT}.${q('id')} ` +
      `LEFT JOIN ${q(targetTable)} ${target} ON ${target}.${q('id')} = ${link}.${q(targetColumn)}`;
    if (relation.many)
      throw new DefinitionError(`${where}: "${relation.name}" is a to-many relation: follow to-one relations only`);
    const join = { link, target, sql };
    joins.set(relation.name, join);
    return join;
  };

  return {
    resolve(path: string, where: string): AggregateField {
      const [first, second, ...rest] = path.split('.');
      if (rest.length) throw new DefinitionError(`${where}: "${path}" follows more than one relation`);
      const field = requireField(model, first, where);
      if (second === undefined) {
        if (field.kind === 'relation') {
          if (field.many) throw new DefinitionError(`${where}: "${path}" is a to-many relation`);
          return {
            expression: `${joinOf(field, where).link}.${q(field.link.targetColumn)}`,
            field,
            codec: codecFor(field, dialect),
          };
        }
        return { expression: `${ROOT}.${q(field.column)}`, field, codec: codecFor(field, dialect) };
      }
      if (field.kind !== 'relation') throw new DefinitionError(`${where}: "${first}" is not a relation`);
      const target = modelOf(field.target);
      if (!target) throw new DefinitionError(`${where}: fields of ${field.target} cannot be used`);
      const join = joinOf(field, where);
      const inner = requireField(target, second, where);
      if (inner.kind !== 'scalar') throw new DefinitionError(`${where}: "${path}" must end on a plain field`);
      return { expression: `${join.target}.${q(inner.column)}`, field: inner, codec: codecFor(inner, dialect) };
    },
    /** The joins of every relation used, in the order first used. */
    joins: () => [...joins.values()].map((j) => j.sql).join(' '),
  };
};
