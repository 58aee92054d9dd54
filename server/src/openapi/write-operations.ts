import { LIMITS } from '../../../contracts/limits';
import { requireListed } from '../query/fields';
import type { CompiledEndpoint } from '../engine/compile-endpoint';
import { requiredByType } from '../writes/input';
import { jsonContent, ref, type DescribeContext, type OperationParts } from './context';
import { localizationParameters } from './locale-parameter';
import { fieldWriteSchema } from './value-schemas';

/** The body of one record: the accepted fields with their rules, required ones (on Create) listed. */
const recordSchema = (endpoint: CompiledEndpoint, creates: boolean, ctx: DescribeContext) => {
  const { definition, model } = endpoint;
  const byType = new Set(requiredByType(model).map((f) => f.name));
  const required = creates ? definition.fields.filter((f) => f.required || byType.has(f.name)).map((f) => f.name) : [];
  const properties = Object.fromEntries(
    definition.fields.map((f) => {
      const field = requireListed(model, f.name, ['fields']);
      return [f.name, fieldWriteSchema(field, !required.includes(f.name) && field.attribute.required !== true, ctx)];
    })
  );
  return { type: 'object', additionalProperties: false, required, properties };
};

const writeNotes = (endpoint: CompiledEndpoint) => {
  const { definition } = endpoint;
  const presets = Object.keys(definition.presets);
  return [
    presets.length ? `Set by the endpoint, never by the client: ${presets.map((p) => `\`${p}\``).join(', ')}.` : null,
    definition.tasks.length
      ? `After the write, ${definition.tasks.length} task(s) run in the same transaction: when one fails or refuses, nothing is written.`
      : null,
  ].filter((n): n is string => n !== null);
};

const SUCCESS = { description: 'Done', content: jsonContent(ref('Success')) };

/** Create (docs/writes.md): one record, or an array of them written all or nothing. */
export const createOperation = (endpoint: CompiledEndpoint, name: string, ctx: DescribeContext): OperationParts => {
  ctx.schemas[`${name}Input`] = recordSchema(endpoint, true, ctx);
  ctx.schemas[`${name}Created`] = {
    type: 'object',
    required: ['success', 'object', 'id'],
    properties: {
      success: { const: true },
      object: { const: endpoint.model.uid, description: 'The object of the created records' },
      id: {
        anyOf: [
          { type: 'integer', description: 'The new id, for one record' },
          { type: 'array', items: { type: 'integer' }, description: 'The new ids, in request order, for an array' },
        ],
      },
    },
  };
  return {
    parameters: localizationParameters(endpoint),
    requestBody: {
      required: true,
      description: `One record, or an array of 1 to ${LIMITS.recordsPerRequest} records written all or nothing`,
      content: jsonContent({
        anyOf: [
          ref(`${name}Input`),
          { type: 'array', minItems: 1, maxItems: LIMITS.recordsPerRequest, items: ref(`${name}Input`) },
        ],
      }),
    },
    status: '201',
    success: { description: 'Created', content: jsonContent(ref(`${name}Created`)) },
    notes: writeNotes(endpoint),
  };
};

/** Modify (docs/writes.md): the fields sent change; the others keep their values. */
export const modifyOperation = (endpoint: CompiledEndpoint, name: string, ctx: DescribeContext): OperationParts => {
  ctx.schemas[`${name}Input`] = recordSchema(endpoint, false, ctx);
  return {
    parameters: [],
    requestBody: {
      required: true,
      description: endpoint.model.single
        ? "The fields to change on the single type's one entry; the others keep their values"
        : 'The fields to change; the others keep their values',
      content: jsonContent(ref(`${name}Input`)),
    },
    status: '200',
    success: SUCCESS,
    notes: writeNotes(endpoint),
  };
};

/** Delete (docs/writes.md). */
export const deleteOperation = (endpoint: CompiledEndpoint): OperationParts => ({
  parameters: [],
  status: '200',
  success: SUCCESS,
  notes: writeNotes(endpoint),
});
