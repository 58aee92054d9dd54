import { isVar } from '../../../contracts/json';
import type { EndpointDefinition } from '../../../contracts/definition';
import { DefinitionError, type Path } from '../errors/definition-error';
import { codecFor, INVALID } from '../query/codecs';
import type { Dialect } from '../query/dialect';
import { mediaRule } from '../files/incoming';
import { requireExposed, requireField } from '../query/fields';
import {
  holdsComponents,
  type ComponentField,
  type DynamicZoneField,
  type MediaField,
  type Model,
} from '../query/model';
import { VARIABLE_SAMPLES, type Variables } from '../query/variables';
import { componentValueRule } from './component-rules';
import { constantRule, defaultOf, fieldRule, type FieldRule, type WritableField } from './field-rules';
import { FieldError, SubValueRefused, ValueRefused } from '../errors/field-error';
import type { Values } from '../query/tx-db';

const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'email', 'uid']);

/** A field of `model` that a client, a preset or a task may write; `where` names the place in the definition. */
export const requireWritable = (model: Model, name: string, where: Path): WritableField => {
  const own = model.fields.get(name);
  if (own && holdsComponents(own)) {
    throw new DefinitionError(
      where,
      `"${name}" is a ${own.kind === 'component' ? 'component' : 'dynamic zone'}; only a client's request writes it`
    );
  }
  const field = requireField(model, name, where);
  if (field.kind === 'scalar' && !field.writable) {
    throw new DefinitionError(where, `"${name}" is set by Strapi and cannot be written`);
  }
  return field;
};

/** Whether a variable's kind of value can ever fit the field's type (its limits are checked per request). */
const typeFits = (field: WritableField, sample: unknown, dialect: Dialect) => {
  if (field.kind === 'scalar' && (field.type === 'enumeration' || TEXT_TYPES.has(field.type))) {
    return typeof sample === 'string';
  }
  if (field.kind === 'scalar' && (field.type === 'json' || field.type === 'blocks')) return true;
  return codecFor(field, dialect).parseJson(sample) !== INVALID;
};

/** Values an owner fixes in a definition (presets, task values): constants checked now, variables per request. */
export const compileFixedValues = (
  values: Record<string, unknown>,
  model: Model,
  dialect: Dialect,
  variables: readonly string[],
  where: Path,
  explainVariable: (name: string) => string | null = () => null
) =>
  Object.entries(values).map(([name, raw]) => {
    const field = requireWritable(model, name, [...where, name]);
    if (isVar(raw)) {
      const rule = fieldRule(field, dialect);
      if (!variables.includes(raw.$var)) {
        const why = explainVariable(raw.$var) ?? `unknown variable "${raw.$var}"`;
        throw new DefinitionError([...where, name], why);
      }
      const sample = VARIABLE_SAMPLES[raw.$var];
      if (sample !== undefined && !typeFits(field, sample, dialect)) {
        throw new DefinitionError(
          [...where, name],
          `the variable "${raw.$var}" does not fit this ${field.kind === 'relation' ? 'relation' : field.type} field`
        );
      }
      // A variable with no value writes nothing (null), which the field's own rules may then refuse.
      return { name, value: (vars: Variables) => rule(vars[raw.$var] ?? null) };
    }
    const parsed = constantRule(field, dialect)(raw);
    if (parsed === INVALID) {
      throw new DefinitionError([...where, name], `${JSON.stringify(raw)} is not a valid value for this field`);
    }
    return { name, value: () => parsed };
  });

/** Fills `values` from fixed values; a value the field refuses is a FieldError at `index`. */
export const applyFixedValues = (
  fixed: ReturnType<typeof compileFixedValues>,
  vars: Variables,
  values: Values,
  index: number
) => {
  for (const { name, value } of fixed) {
    const parsed = value(vars);
    if (parsed === INVALID) throw new FieldError(name, index);
    values.set(name, parsed);
  }
};

/** Refuses a Create (endpoint or task) on a type that requires a field no endpoint can write (media, private...). */
export const requireCreatable = (model: Model, where: Path) => {
  for (const field of model.fields.values()) {
    if (field.kind === 'unsupported' && field.required) {
      throw new DefinitionError(
        where,
        `${model.uid} requires "${field.name}", which cannot be written (${field.reason})`
      );
    }
  }
};

/** Required by the content type with no default: a Create must get it from the client or a preset. */
export const requiredByType = (model: Model) =>
  [...model.fields.values()].filter(
    (f): f is WritableField | MediaField | ComponentField | DynamicZoneField =>
      f.kind !== 'unsupported' &&
      (f.kind !== 'scalar' || f.writable) &&
      f.attribute.required === true &&
      (f.kind !== 'scalar' || defaultOf(f) === undefined)
  );

/** A rule that may say why it refuses: file checks do, type checks return INVALID. */
type AcceptRule = (value: unknown) => unknown;

/**
 * What a Create or Modify endpoint accepts (docs/writes.md): the configured fields, each checked by its rule,
 * then the presets, which the client cannot override.
 */
export const compileInput = (
  definition: EndpointDefinition,
  model: Model,
  dialect: Dialect,
  variables: readonly string[],
  explainVariable: (name: string) => string | null,
  maxFileBytes: number
) => {
  // `asSent`: the value as sent is an `input.<field>` variable of tasks (not files, not components).
  const accepted = new Map<string, { rule: FieldRule | AcceptRule; required: boolean; asSent: boolean }>();
  definition.fields.forEach((f, i) => {
    if (f.name === 'id') throw new DefinitionError(['fields', i], '"id" is assigned by the database, never written');
    const own = model.fields.get(f.name);
    if (own && holdsComponents(own)) {
      const rule = componentValueRule(own, dialect, maxFileBytes, ['fields', i]);
      accepted.set(f.name, { rule, required: Boolean(f.required), asSent: false });
      return;
    }
    const exposed = requireExposed(model, f.name, ['fields', i]);
    const rule =
      exposed.kind === 'media'
        ? mediaRule(exposed, maxFileBytes, Boolean(f.required))
        : fieldRule(requireWritable(model, f.name, ['fields', i]), dialect);
    accepted.set(f.name, { rule, required: Boolean(f.required), asSent: exposed.kind !== 'media' });
  });
  for (const name of Object.keys(definition.presets)) {
    if (accepted.has(name)) {
      throw new DefinitionError(
        ['presets', name],
        `"${name}" is also an accepted field; a preset is never taken from the client`
      );
    }
  }
  const presets = compileFixedValues(definition.presets, model, dialect, variables, ['presets'], explainVariable);
  const creates = definition.type === 'create';
  if (creates) {
    requireCreatable(model, ['object']);
    for (const field of requiredByType(model)) {
      if (!accepted.has(field.name) && !(field.name in definition.presets)) {
        throw new DefinitionError(['fields'], `${model.uid} requires "${field.name}": accept it or give it a preset`);
      }
    }
  }
  const mustHave = creates
    ? [...accepted]
        .filter(([name, a]) => a.required || requiredByType(model).some((f) => f.name === name))
        .map(([n]) => n)
    : [];

  return {
    /** The values of one record and its input as sent; a refused value is a FieldError at `index`. */
    parse(body: Record<string, unknown>, index: number, vars: Variables) {
      const values: Values = new Map();
      const input: Record<string, unknown> = {};
      for (const name of Object.keys(body)) {
        const spec = accepted.get(name);
        if (!spec) throw new FieldError(name, index);
        let parsed;
        try {
          parsed = spec.rule(body[name]);
        } catch (error) {
          if (error instanceof ValueRefused) throw new FieldError(name, index, error.reason);
          if (error instanceof SubValueRefused) throw new FieldError(`${name}${error.path}`, index, error.reason);
          throw error;
        }
        if (parsed === INVALID) throw new FieldError(name, index);
        values.set(name, parsed);
        if (spec.asSent) input[name] = body[name];
      }
      for (const name of mustHave) {
        if (values.get(name) === undefined || values.get(name) === null) throw new FieldError(name, index);
      }
      applyFixedValues(presets, vars, values, index);
      return { values, input };
    },
  };
};
