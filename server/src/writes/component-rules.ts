import { isPlainObject } from '../../../contracts/json';
import { DefinitionError, type Path } from '../errors/definition-error';
import { mediaRule } from '../files/incoming';
import { INVALID } from '../query/codecs';
import type { Dialect } from '../query/dialect';
import { componentValueFields } from '../query/components/fields';
import type { ComponentField, ComponentModel, DynamicZoneField, ModelField } from '../query/model';
import { defaultOf, fieldRule } from './field-rules';
import { SubValueRefused, ValueRefused } from '../errors/field-error';

/** Components in one repeatable component or dynamic zone value, whatever its schema allows. */
export const COMPONENTS_PER_FIELD = 1000;

type Rule = (value: unknown) => unknown;

const asCount = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** The value at `path` breaks a rule: INVALID from a field rule, or a refusal that may say why. */
const refuse = (path: string, error?: unknown): never => {
  if (error instanceof SubValueRefused) throw new SubValueRefused(`${path}${error.path}`, error.reason);
  if (error instanceof ValueRefused) throw new SubValueRefused(path, error.reason);
  if (error !== undefined) throw error;
  throw new SubValueRefused(path);
};

/** Runs `rule` on the value at `path`, whose refusals then name that path. */
const at = (path: string, rule: Rule, value: unknown) => {
  let parsed;
  try {
    parsed = rule(value);
  } catch (error) {
    return refuse(path, error);
  }
  return parsed === INVALID ? refuse(path) : parsed;
};

/** Whether a sub-field must hold a value: required by the component, with no default to fill it. */
const mustHave = (field: ModelField) =>
  field.kind !== 'unsupported' &&
  field.attribute.required === true &&
  (field.kind !== 'scalar' || defaultOf(field) === undefined);

interface Compiler {
  dialect: Dialect;
  maxFileBytes: number;
}

/**
 * The rule of one component: a JSON object of its fields, each checked by its own rule (nested components
 * too), required ones present, nothing else (never an `id`: a component is replaced as a whole). Returns a new
 * object holding the parsed values (related ids, incoming files) for the Document Service.
 */
const objectRule = (component: ComponentModel, compiler: Compiler, where: Path): Rule => {
  const rules = new Map<string, Rule>();
  const required: string[] = [];
  for (const field of component.fields.values()) {
    if (field.kind === 'unsupported' && field.required)
      throw new DefinitionError(where, `${component.uid} requires "${field.name}" (${field.reason})`);
  }
  for (const field of componentValueFields(component)) {
    rules.set(field.name, subFieldRule(field, compiler, [...where, field.name]));
    if (mustHave(field)) required.push(field.name);
  }
  return (value) => {
    if (!isPlainObject(value)) throw new ValueRefused(`an object of ${component.uid} fields is expected`);
    const parsed: Record<string, unknown> = {};
    for (const [name, sub] of Object.entries(value)) {
      const rule = rules.get(name);
      if (name === 'id') refuse('.id', new ValueRefused('a component is written whole, without its id'));
      if (!rule) refuse(`.${name}`, new ValueRefused(`not a field of ${component.uid}`));
      parsed[name] = at(`.${name}`, rule!, sub);
    }
    for (const name of required) {
      if (parsed[name] === undefined || parsed[name] === null) refuse(`.${name}`);
    }
    return parsed;
  };
};

/** An array of `item`s within the attribute's `min`/`max`; refusals name the item's index. */
const listRule = (attribute: Record<string, unknown>, item: Rule): Rule => {
  const min = asCount(attribute.min);
  const max = Math.min(asCount(attribute.max) ?? COMPONENTS_PER_FIELD, COMPONENTS_PER_FIELD);
  return (value) => {
    if (!Array.isArray(value)) throw new ValueRefused('an array is expected');
    if (value.length > max) throw new ValueRefused(`at most ${max} items`);
    // As Strapi's validator: an empty list of a field that is not required is no list too short.
    if (min !== null && value.length && value.length < min) throw new ValueRefused(`at least ${min} items`);
    return value.map((v, i) => at(`[${i}]`, item, v));
  };
};

/** null clears the field unless the schema requires it: a list field is then empty (Strapi's API takes no null). */
const orNull =
  (attribute: Record<string, unknown>, rule: Rule, cleared: null | []): Rule =>
  (value) => {
    if (value !== null) return rule(value);
    if (attribute.required === true) throw new ValueRefused('a value is required');
    return cleared;
  };

/** A single or repeatable component: an object (or null), or an array of objects. */
const componentFieldRule = (field: ComponentField, compiler: Compiler, where: Path): Rule => {
  const one = objectRule(field.component, compiler, where);
  return field.repeatable
    ? orNull(field.attribute, listRule(field.attribute, one), [])
    : orNull(field.attribute, one, null);
};

/** A dynamic zone: an array of objects, each naming one of the allowed components in `__component`. */
const dynamicZoneRule = (field: DynamicZoneField, compiler: Compiler, where: Path): Rule => {
  // A zone's items have no index until a request sends them: their problems name the component after the zone
  // (`fields[0].blocks.hero.title`).
  const rules = new Map([...field.components].map(([uid, c]) => [uid, objectRule(c, compiler, [...where, uid])]));
  const allowed = `one of ${[...field.components.keys()].join(', ')}`;
  const item: Rule = (value) => {
    if (!isPlainObject(value)) throw new ValueRefused('an object with "__component" is expected');
    const { __component: uid, ...rest } = value;
    const rule = typeof uid === 'string' ? rules.get(uid) : undefined;
    if (!rule) return refuse('.__component', new ValueRefused(allowed));
    return { __component: uid, ...(rule(rest) as Record<string, unknown>) };
  };
  return orNull(field.attribute, listRule(field.attribute, item), []);
};

const subFieldRule = (field: Exclude<ModelField, { kind: 'unsupported' }>, compiler: Compiler, where: Path): Rule => {
  if (field.kind === 'component') return componentFieldRule(field, compiler, where);
  if (field.kind === 'dynamiczone') return dynamicZoneRule(field, compiler, where);
  if (field.kind === 'media') return mediaRule(field, compiler.maxFileBytes);
  return fieldRule(field, compiler.dialect);
};

/**
 * The rule of a component field or dynamic zone accepted by a Create or Modify endpoint (the component is
 * replaced as a whole, as Strapi's API does). A refused value is a SubValueRefused naming where inside it.
 */
export const componentValueRule = (
  field: ComponentField | DynamicZoneField,
  dialect: Dialect,
  maxFileBytes: number,
  where: Path
): Rule => subFieldRule(field, { dialect, maxFileBytes }, where);
