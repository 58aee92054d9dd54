import type { MediaShape } from '../files/file-urls';
import { componentValueFields, holdsMedia } from '../query/components/fields';
import type { ListedField } from '../query/fields';
import type { ComponentField, ComponentModel, DynamicZoneField } from '../query/model';
import { COMPONENTS_PER_FIELD } from '../writes/component-rules';
import { defaultOf } from '../writes/field-rules';
import { ref } from './context';
import { readSchema, writeSchema, type JsonSchema } from './field-schemas';
import { addMediaObjectSchemas } from './media-schemas';

/** A field an endpoint exposes: a column, a component or a dynamic zone. */
export type ExposedField = ListedField;

/** Where named schemas go, and the description of file URLs. */
export interface SchemaContext {
  fileUrl: string;
  /**
   * Whether `fileUrl` describes the provider's public URLs (a List's `mediaUrls: "public"`): the schemas that
   * hold them get names of their own, as a document may hold Lists of both kinds.
   */
  publicUrls?: boolean;
  schemas: Record<string, JsonSchema>;
}

/** Reads answer media as URLs or objects (the List's `media`); writes take file inputs. */
type Side = { reads: true; media: MediaShape } | { reads: false };

const NULL = { type: 'null' };
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, NULL] });

const componentHoldsMedia = (component: ComponentModel) =>
  componentValueFields(component).some((f) => f.kind === 'media' || holdsMedia(f));

/** Written with a value, as the writes' component rules require: required and without a default. */
const mustHave = (field: ExposedField) =>
  field.attribute.required === true && (field.kind !== 'scalar' || defaultOf(field) === undefined);

/**
 * `shared.seo` (reads), `shared.seo.media-objects` (reads with media objects, when it holds media),
 * `shared.seo.input` (writes); `.public-urls` for reads with the provider's public URLs, when it holds media;
 * `.in-dynamic-zone` for an entry of a dynamic zone, which names its component.
 */
const schemaName = (component: ComponentModel, side: Side, ctx: SchemaContext, inZone: boolean) =>
  [
    component.uid,
    !side.reads ? 'input' : side.media === 'object' && componentHoldsMedia(component) ? 'media-objects' : null,
    side.reads && ctx.publicUrls && componentHoldsMedia(component) ? 'public-urls' : null,
    inZone ? 'in-dynamic-zone' : null,
  ]
    .filter(Boolean)
    .join('.');

const describe = (component: ComponentModel, side: Side, inZone: boolean) => {
  const what = side.reads ? `A ${component.uid} component` : `A ${component.uid} component, written whole (no id)`;
  return inZone ? `${what} in a dynamic zone, named by \`__component\`` : what;
};

/** The named schema of a component's values (added once per document), referenced by `$ref`. */
const componentRef = (component: ComponentModel, side: Side, ctx: SchemaContext, inZone = false): JsonSchema => {
  const name = schemaName(component, side, ctx, inZone);
  if (ctx.schemas[name]) return ref(name);
  ctx.schemas[name] = {}; // taken before its fields are described
  const fields = componentValueFields(component);
  const properties: Record<string, JsonSchema> = Object.fromEntries(
    fields.map((f) => [
      f.name,
      side.reads ? fieldReadSchema(f, side.media, ctx) : fieldWriteSchema(f, !mustHave(f), ctx),
    ])
  );
  const required = side.reads ? fields.map((f) => f.name) : fields.filter(mustHave).map((f) => f.name);
  ctx.schemas[name] = {
    type: 'object',
    description: describe(component, side, inZone),
    required: inZone ? ['__component', ...required] : required,
    additionalProperties: false,
    properties: inZone ? { __component: { type: 'string', const: component.uid }, ...properties } : properties,
  };
  return ref(name);
};

/** One entry of a dynamic zone: one of its components, told apart by `__component`. */
const zoneEntry = (field: DynamicZoneField, side: Side, ctx: SchemaContext): JsonSchema => {
  const entries = [...field.components.values()].map((c) => [c.uid, componentRef(c, side, ctx, true)] as const);
  return {
    oneOf: entries.map(([, schema]) => schema),
    discriminator: {
      propertyName: '__component',
      mapping: Object.fromEntries(entries.map(([uid, s]) => [uid, s.$ref])),
    },
  };
};

/** A field as a List item holds it (`media`: how the List answers media fields). */
export const fieldReadSchema = (field: ExposedField, media: MediaShape, ctx: SchemaContext): JsonSchema => {
  const side: Side = { reads: true, media };
  if (field.kind === 'component') {
    const one = componentRef(field.component, side, ctx);
    return field.repeatable ? { type: 'array', items: one } : nullable(one);
  }
  if (field.kind === 'dynamiczone') return { type: 'array', items: zoneEntry(field, side, ctx) };
  if (field.kind === 'media' && media === 'object') {
    const object = ref(addMediaObjectSchemas(ctx.schemas, ctx.fileUrl, ctx.publicUrls));
    return field.multiple ? { type: 'array', items: object } : nullable(object);
  }
  return readSchema(field, ctx.fileUrl);
};

/** Repeatable components and dynamic zones: within the schema's `min` (when not empty) and `max`. */
const listSchema = (field: ComponentField | DynamicZoneField, items: JsonSchema): JsonSchema => {
  const { min, max } = field.attribute;
  const limit = Math.min(typeof max === 'number' ? max : COMPONENTS_PER_FIELD, COMPONENTS_PER_FIELD);
  return {
    type: 'array',
    items,
    maxItems: limit,
    ...(typeof min === 'number' && min > 1 ? { anyOf: [{ maxItems: 0 }, { minItems: min }] } : {}),
  };
};

/** A field as a Create or Modify accepts it (`nullable`: whether `null`, which clears it, is accepted). */
export const fieldWriteSchema = (field: ExposedField, nullable_: boolean, ctx: SchemaContext): JsonSchema => {
  if (field.kind !== 'component' && field.kind !== 'dynamiczone') return writeSchema(field, nullable_);
  const side: Side = { reads: false };
  const schema =
    field.kind === 'dynamiczone'
      ? listSchema(field, zoneEntry(field, side, ctx))
      : field.repeatable
        ? listSchema(field, componentRef(field.component, side, ctx))
        : componentRef(field.component, side, ctx);
  return nullable_ ? nullable(schema) : schema;
};
