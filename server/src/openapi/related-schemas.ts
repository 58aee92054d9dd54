import type { MediaShape } from '../files/file-urls';
import { componentValueFields } from '../query/components/fields';
import type { ComponentModel } from '../query/model';
import type { Selected } from '../related/selection';
import { orNull, ROW_ID, type JsonSchema } from './field-schemas';
import { fieldReadSchema, type SchemaContext } from './value-schemas';

/** A component's values where relations inside it answer records (`chosen`): described in place, not by `$ref`. */
const componentWith = (
  component: ComponentModel,
  chosen: Map<string, Selected>,
  media: MediaShape,
  ctx: SchemaContext,
  inZone: boolean
): JsonSchema => {
  const fields = componentValueFields(component);
  const properties: Record<string, JsonSchema> = Object.fromEntries(
    fields.map((f) => {
      const inner = chosen.get(f.name);
      return [f.name, inner ? selectedReadSchema(inner, media, ctx) : fieldReadSchema(f, media, ctx)];
    })
  );
  const required = fields.map((f) => f.name);
  return {
    type: 'object',
    description: `A ${component.uid} component${inZone ? ', named by `__component`' : ''}`,
    required: inZone ? ['__component', ...required] : required,
    additionalProperties: false,
    properties: inZone ? { __component: { type: 'string', const: component.uid }, ...properties } : properties,
  };
};

/**
 * A field as a List item holds it, with what its definition chooses: related records (a relation or
 * `localizations` with `fields`) as objects of their chosen fields, components whose relations answer records.
 */
export const selectedReadSchema = (selected: Selected, media: MediaShape, ctx: SchemaContext): JsonSchema => {
  const { field, related, inside } = selected;
  if (related) {
    const record: JsonSchema = {
      type: 'object',
      description:
        field.kind === 'localizations'
          ? 'Another translation of this record'
          : `A related ${related.target.uid} record`,
      required: related.fields.map((f) => f.field.name),
      additionalProperties: false,
      properties: Object.fromEntries(related.fields.map((f) => [f.field.name, selectedReadSchema(f, media, ctx)])),
    };
    return related.many
      ? {
          type: 'array',
          items: record,
          maxItems: related.limit,
          description: `At most ${related.limit} per record, in ${field.kind === 'localizations' ? 'locale' : 'relation'} order`,
        }
      : orNull(record);
  }
  if (field.kind === 'localizations') {
    return { type: 'array', items: { ...ROW_ID, description: 'id of another translation of this record' } };
  }
  if (inside && (field.kind === 'component' || field.kind === 'dynamiczone')) {
    if (field.kind === 'component') {
      const one = componentWith(field.component, inside.get(field.component.uid) ?? new Map(), media, ctx, false);
      return field.repeatable ? { type: 'array', items: one } : orNull(one);
    }
    const entries = [...field.components.values()].map((c) =>
      componentWith(c, inside.get(c.uid) ?? new Map(), media, ctx, true)
    );
    return { type: 'array', items: { oneOf: entries } };
  }
  return fieldReadSchema(field, media, ctx);
};
