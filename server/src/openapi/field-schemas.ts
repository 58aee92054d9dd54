import { LIMITS } from '../../../contracts/limits';
import type { ColumnField, MediaField, ScalarField } from '../query/model';
import { DECIMAL_LIMIT, SHORT_TEXT_LIMIT, UID_PATTERN } from '../writes/field-rules';

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = Record<string, unknown>;

type UsableField = ColumnField;

const INT32 = { type: 'integer', format: 'int32', minimum: -LIMITS.maxRowId - 1, maximum: LIMITS.maxRowId };
export const ROW_ID = { type: 'integer', format: 'int32', minimum: 1, maximum: LIMITS.maxRowId };
const RECORD_ID =
  "the record's id, assigned at its creation; it stays the same for as long as the record exists, also when a Draft & Publish record is published again";
const DATETIME = {
  type: 'string',
  format: 'date-time',
  description: 'ISO 8601 in UTC (sent: a date-time with or without zone, which then means UTC, or a date)',
};
const TIME = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,3})?)?$' };

/** Lets `schema` also be `null`. */
export const orNull = (schema: JsonSchema): JsonSchema => {
  if (!('type' in schema)) return schema.enum ? { ...schema, enum: [...(schema.enum as unknown[]), null] } : schema;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return {
    ...schema,
    type: [...types, 'null'],
    ...(schema.enum ? { enum: [...(schema.enum as unknown[]), null] } : {}),
  };
};

const bound = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : Number(value));

/** The type of a plain field's values: the same on reads, in query filters and (with its rules) on writes. */
const scalarSchema = (field: ScalarField): JsonSchema => {
  switch (field.type) {
    case 'integer':
      return field.name === 'id' ? { ...ROW_ID, description: RECORD_ID } : { ...INT32 };
    case 'biginteger':
      return {
        type: ['integer', 'string'],
        format: 'int64',
        pattern: '^-?\\d+$',
        description: 'a 64-bit integer; values past 2^53 travel as strings',
      };
    case 'float':
      return { type: 'number', format: 'double' };
    case 'decimal':
      return { type: 'number', description: 'stored with two decimals' };
    case 'boolean':
      return { type: 'boolean' };
    case 'enumeration':
      return { type: 'string', enum: [...((field.attribute.enum as string[]) ?? [])] };
    case 'email':
      return { type: 'string', format: 'email' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
    case 'timestamp':
      return { ...DATETIME };
    case 'time':
      return { ...TIME };
    case 'json':
      return {};
    case 'blocks':
      return { type: 'array', description: "rich text blocks (Strapi's blocks format)" };
    default:
      return { type: 'string' };
  }
};

/** A value the client compares a field with (`?field=`, `?field:gt=`): a relation compares by the related id. */
export const comparedValueSchema = (field: Exclude<UsableField, MediaField>): JsonSchema =>
  // Any 32-bit number is a fair question (`?id:gt=0`), whatever ids exist.
  field.kind === 'relation' || field.name === 'id' ? { ...INT32 } : scalarSchema(field);

/** Fields Strapi always fills: never null on a read. */
const ALWAYS_SET = new Set(['id', 'documentId', 'createdAt', 'updatedAt']);

/** A field as a List item holds it; `fileUrl` describes the temporary signed URLs of media fields. */
export const readSchema = (field: UsableField, fileUrl: string): JsonSchema => {
  if (field.kind === 'media') {
    const url = { type: 'string', format: 'uri-reference', description: fileUrl };
    return field.multiple ? { type: 'array', items: url } : orNull(url);
  }
  if (field.kind === 'relation') {
    const id = { ...ROW_ID, description: `id of a ${field.target} record` };
    return field.many ? { type: 'array', items: id } : orNull(id);
  }
  const schema = scalarSchema(field);
  return ALWAYS_SET.has(field.name) ? schema : orNull(schema);
};

/** Case-insensitive in a JSON Schema pattern, which takes no flags: `con` as `[cC][oO][nN]`. */
const anyCase = (text: string) => text.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);

/** Windows device names, refused by Strapi's upload plugin as file names (in any case, with any extension). */
const DEVICE_NAMES = [...['con', 'prn', 'aux', 'nul'].map(anyCase), ...['com', 'lpt'].map((n) => `${anyCase(n)}\\d`)];

/** The file object (docs/files.md), with the name rules of Strapi's upload plugin. */
export const FILE_INPUT: JsonSchema = {
  type: 'object',
  description:
    'A file: its content in base64 (a `data:` URL prefix is accepted) and its name. The type comes from the ' +
    'content and must be an accepted one; an extension in the name must fit it (none: the type’s is added)',
  required: ['data', 'name'],
  additionalProperties: false,
  properties: {
    data: { type: 'string', contentEncoding: 'base64', minLength: 1 },
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      allOf: [{ pattern: '^[^<>:"/\\\\|?*\\u0000-\\u001F\\u007F]+$' }, { pattern: '\\S' }],
      not: {
        pattern: `^(${DEVICE_NAMES.join('|')})(\\..*)?$|^\\.\\.?$`,
      },
    },
  },
};

const withBounds = (schema: JsonSchema, rules: Record<string, number | undefined>): JsonSchema => {
  const out: JsonSchema = { ...schema };
  for (const [key, value] of Object.entries(rules)) if (value !== undefined) out[key] = value;
  return out;
};

/** What Strapi's `decimal(10, 2)` column holds: values that round to cents below DECIMAL_LIMIT. */
const DECIMAL_BOUND = DECIMAL_LIMIT - 0.005;

const scalarWriteSchema = (field: ScalarField): JsonSchema => {
  const base = scalarSchema(field);
  const { attribute } = field;
  const min = bound(attribute.min);
  const max = bound(attribute.max);
  switch (field.type) {
    case 'integer':
      return withBounds(base, {
        minimum: Math.max(min ?? INT32.minimum, INT32.minimum),
        maximum: Math.min(max ?? INT32.maximum, INT32.maximum),
      });
    case 'biginteger':
      // JSON Schema bounds apply to numbers only; values sent as strings are held to them by the server.
      return withBounds(base, { minimum: min, maximum: max });
    case 'float':
      return withBounds(base, { minimum: min, maximum: max });
    case 'decimal':
      return withBounds(base, {
        // Cents are rounded half up: -99999999.995 still fits, 99999999.995 does not.
        minimum: Math.max(min ?? -DECIMAL_BOUND, -DECIMAL_BOUND),
        maximum: max,
        exclusiveMaximum: DECIMAL_BOUND,
      });
    case 'string':
    case 'email':
    case 'uid':
    case 'text':
    case 'richtext': {
      const column = field.type === 'text' || field.type === 'richtext' ? undefined : SHORT_TEXT_LIMIT;
      const maxLength = bound(attribute.maxLength);
      const pattern =
        typeof attribute.regex === 'string' ? attribute.regex : field.type === 'uid' ? UID_PATTERN : undefined;
      return {
        ...withBounds(base, {
          minLength: bound(attribute.minLength),
          maxLength: maxLength === undefined ? column : Math.min(maxLength, column ?? maxLength),
        }),
        // Strapi lets an empty text through a field's regex.
        ...(pattern ? { anyOf: [{ const: '' }, { pattern }] } : {}),
      };
    }
    default:
      return base;
  }
};

/**
 * A field as a Create or Modify accepts it, with the content type's rules. `nullable`: whether `null` (which
 * clears the field) is accepted.
 */
export const writeSchema = (field: UsableField, nullable: boolean): JsonSchema => {
  let schema: JsonSchema;
  if (field.kind === 'media') {
    schema = field.multiple
      ? {
          type: 'array',
          items: { $ref: '#/components/schemas/FileInput' },
          // A required field needs at least one file.
          minItems: nullable ? 0 : 1,
          maxItems: LIMITS.filesPerField,
          description: 'The files of the field, in order: they replace its current files',
        }
      : { $ref: '#/components/schemas/FileInput' };
    if (field.allowedTypes) {
      schema.description = `${(schema.description as string | undefined) ?? 'A file'} (${field.allowedTypes.join(', ')} only)`;
    }
  } else if (field.kind === 'relation') {
    schema = field.many
      ? {
          type: 'array',
          items: { ...ROW_ID },
          uniqueItems: true,
          maxItems: LIMITS.relationIds,
          description: `ids of ${field.target} records`,
        }
      : { ...ROW_ID, description: `id of a ${field.target} record` };
  } else {
    schema = scalarWriteSchema(field);
  }
  if (!nullable) return schema;
  // A `$ref` cannot take `type`: null is offered beside it.
  return '$ref' in schema ? { anyOf: [schema, { type: 'null' }] } : orNull(schema);
};
