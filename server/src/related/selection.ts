import type { FieldSpec } from '../../../contracts/definition';
import { LIMITS } from '../../../contracts/limits';
import { DefinitionError, type Path } from '../errors/definition-error';
import { componentsOf } from '../query/components/fields';
import { requireListed, type FieldOwner, type ListedField } from '../query/fields';
import type { Model } from '../query/model';
import { LOCALIZATIONS, type LocalizationsField } from './localizations';

/** A field a List reads: a value of the row, components, or the other translations of the record. */
export type ReadField = ListedField | LocalizationsField;

/** A field a List answers, and, when its definition gives `fields`, the records it answers through it. */
export interface Selected {
  field: ReadField;
  /** Where the definition lists it, for the refusals that name it. */
  at: Path;
  /**
   * A relation or `localizations` with `fields`: the related records' type, their fields, the cap per record,
   * and whether a record has several (an array) or one (an object or null).
   */
  related?: { target: Model; fields: Selected[]; limit: number; many: boolean };
  /**
   * A component field or dynamic zone with `fields`: per component uid, the relations (and components) inside it
   * that answer records, by field name. Its other fields are answered as always.
   */
  inside?: Map<string, Map<string, Selected>>;
}

interface SelectionContext {
  modelOf: (uid: string) => Model | null;
  /** Relations followed from the endpoint's type to reach this owner. */
  depth: number;
}

const isModel = (owner: FieldOwner | Model): owner is Model => 'localized' in owner;

const insideOf = (
  spec: FieldSpec & { fields: FieldSpec[] },
  field: Extract<ListedField, { kind: 'component' | 'dynamiczone' }>,
  where: Path,
  context: SelectionContext
) => {
  const inside = new Map<string, Map<string, Selected>>();
  spec.fields.forEach((inner, i) => {
    const at = [...where, 'fields', i];
    if (!inner.fields) {
      throw new DefinitionError(
        at,
        `a component answers all its fields: inside "${spec.name}", list only relations (or components) with their own fields`
      );
    }
    const holders = componentsOf(field).filter((component) => component.fields.has(inner.name));
    if (!holders.length) throw new DefinitionError(at, `no component of "${spec.name}" has a field "${inner.name}"`);
    for (const component of holders) {
      const selected = selectField(component, inner, at, context);
      inside.set(component.uid, (inside.get(component.uid) ?? new Map()).set(inner.name, selected));
    }
  });
  return inside;
};

/** The field `spec` names on `owner` (a content type or a component), checked against the site. */
const selectField = (owner: FieldOwner | Model, spec: FieldSpec, where: Path, context: SelectionContext): Selected => {
  const field: ReadField =
    spec.name === LOCALIZATIONS.name && isModel(owner) && owner.localized
      ? LOCALIZATIONS
      : requireListed(owner, spec.name, where);
  const many = field.kind === 'localizations' || (field.kind === 'relation' && field.many);
  if (spec.limit !== undefined && !many) {
    throw new DefinitionError([...where, 'limit'], `"${spec.name}" is not a to-many relation: only those take a limit`);
  }
  if (!spec.fields) return { field, at: where };
  if (field.kind === 'component' || field.kind === 'dynamiczone')
    return { field, at: where, inside: insideOf({ ...spec, fields: spec.fields }, field, where, context) };
  if (field.kind !== 'relation' && field.kind !== 'localizations') {
    throw new DefinitionError(
      [...where, 'fields'],
      `"${spec.name}" is a ${field.kind} field: only relations, components, dynamic zones and localizations take fields`
    );
  }
  if (context.depth >= LIMITS.relatedDepth) {
    throw new DefinitionError(
      [...where, 'fields'],
      `related fields follow at most ${LIMITS.relatedDepth} relations from the endpoint's type`
    );
  }
  const target = field.kind === 'localizations' ? (owner as Model) : context.modelOf(field.target);
  if (!target) {
    const uid = field.kind === 'relation' ? field.target : owner.uid;
    throw new DefinitionError(where, `"${spec.name}" leads to ${uid}, whose records endpoints cannot answer`);
  }
  const limit = spec.limit ?? LIMITS.relatedPerRecord;
  const fields = selectAll(target, spec.fields, [...where, 'fields'], { ...context, depth: context.depth + 1 });
  return { field, at: where, related: { target, fields, limit, many } };
};

/** The fields of a List definition (or of related records), each with what it answers. */
export const selectFields = (
  model: Model,
  specs: FieldSpec[],
  where: Path,
  modelOf: SelectionContext['modelOf']
): Selected[] => selectAll(model, specs, where, { modelOf, depth: 0 });

const selectAll = (model: Model, specs: FieldSpec[], where: Path, context: SelectionContext): Selected[] =>
  specs.map((spec, i) => selectField(model, spec, [...where, i], context));

/** The selected fields that are fields of the type (not `localizations`): filters and documents read these. */
export const listedFields = (selected: Selected[]): ListedField[] =>
  selected.flatMap(({ field }) => (field.kind === 'localizations' ? [] : [field]));
