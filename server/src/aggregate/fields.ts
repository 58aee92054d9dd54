import { DefinitionError, type Path } from '../errors/definition-error';
import { codecFor, type Codec } from '../query/codecs';
import { quoter, type Dialect } from '../query/dialect';
import { requireField } from '../query/fields';
import { ROOT } from '../query/list-sql';
import type { ColumnField, MediaField, Model, RelationField } from '../query/model';
import { recordIdOf, scalarOf, targetVersionsOf, versionsOf } from '../query/record-id';
import { relatedStatusCondition, type Status } from '../query/status';

/** A field an aggregate groups or measures by: its SQL expression, the joins it needs and how to read it. */
export interface AggregateField {
  expression: string;
  field: Exclude<ColumnField, MediaField>;
  codec: Codec;
}

/**
 * Resolves `field` or `relation.field` (one to-one or many-to-one hop) of `model`. Each hop adds LEFT JOINs
 * through the relation's link table, shared by every field that follows the same relation; into a Draft &
 * Publish type they keep the related row of the status read (a record may be linked to both versions).
 */
export const createFieldResolver = (
  model: Model,
  dialect: Dialect,
  modelOf: (uid: string) => Model | null,
  /** The version read, when known: drafts are their own records (see query/record-id.ts). */
  status?: Status
) => {
  const q = quoter(dialect);
  const joins = new Map<string, { link: string; target: string; relation: RelationField }>();

  const joinOf = (relation: RelationField, where: Path) => {
    const known = joins.get(relation.name);
    if (known) return known;
    if (relation.many)
      throw new DefinitionError(where, `"${relation.name}" is a to-many relation: follow to-one relations only`);
    const n = joins.size + 1;
    const join = { link: `al${n}`, target: `at${n}`, relation };
    joins.set(relation.name, join);
    return join;
  };

  /** A relation's joins: the link row and the related row, both of `status` when the related type has one. */
  const joinSql = (
    { link, target, relation }: { link: string; target: string; relation: RelationField },
    status: Status
  ) => {
    const { table, ownerColumn, targetColumn, targetTable } = relation.link;
    const owned = `${link}.${q(ownerColumn)} = ${ROOT}.${q('id')}`;
    const linked = `${q(targetTable)} ${target} ON ${target}.${q('id')} = ${link}.${q(targetColumn)}`;
    const related = relatedStatusCondition(relation, target, status, dialect);
    // The link rows of other versions must not join at all (they would count a record twice): the related
    // row's condition goes inside a nested join, which the link row joins with as one.
    if (related) return `LEFT JOIN (${q(table)} ${link} JOIN ${linked} AND ${related}) ON ${owned}`;
    return `LEFT JOIN ${q(table)} ${link} ON ${owned} LEFT JOIN ${linked}`;
  };

  return {
    resolve(path: string, where: Path): AggregateField {
      const [first, second, ...rest] = path.split('.');
      if (rest.length) throw new DefinitionError(where, `"${path}" follows more than one relation`);
      const field = requireField(model, first, where);
      if (second === undefined) {
        if (field.kind === 'relation') {
          if (field.many) throw new DefinitionError(where, `"${path}" is a to-many relation`);
          // The related record's id (see record-id.ts), of whichever version the joins keep.
          const join = joinOf(field, where);
          const target = targetVersionsOf(field);
          return {
            expression: target
              ? recordIdOf(target, join.target, dialect, status)
              : `${join.link}.${q(field.link.targetColumn)}`,
            field,
            codec: codecFor(field, dialect),
          };
        }
        return {
          expression: scalarOf(versionsOf(model), field, ROOT, dialect, status),
          field,
          codec: codecFor(field, dialect),
        };
      }
      if (field.kind !== 'relation') throw new DefinitionError(where, `"${first}" is not a relation`);
      const target = modelOf(field.target);
      if (!target) throw new DefinitionError(where, `fields of ${field.target} cannot be used`);
      const join = joinOf(field, where);
      const inner = requireField(target, second, where);
      if (inner.kind !== 'scalar') throw new DefinitionError(where, `"${path}" must end on a plain field`);
      return {
        expression: scalarOf(versionsOf(target), inner, join.target, dialect, status),
        field: inner,
        codec: codecFor(inner, dialect),
      };
    },
    /** The joins of every relation used, in the order first used, into related rows of `status`. */
    joins: (status: Status) => [...joins.values()].map((j) => joinSql(j, status)).join(' '),
  };
};
