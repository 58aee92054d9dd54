import { definitionErrorOf } from './errors';
import { definitionSchema } from '../../contracts/definition';
import type { ModelField, ScalarType } from '../../server/src/query/model';
import { FieldError } from '../../server/src/errors/field-error';
import { compileInput } from '../../server/src/writes/input';
import { modelOf, relation, scalar } from './models';

/** A field Strapi maintains itself. */
export const system = (name: string, type: ScalarType, column: string): ModelField => ({
  kind: 'scalar',
  name,
  column,
  type,
  attribute: { type },
  writable: false,
});

export const requiredRelation = (name: string, target: string, many: boolean): ModelField => {
  const field = relation(name, target, many, { table: `${name}_lnk`, ownerColumn: 'order_id', targetColumn: 'x_id' });
  return { ...field, attribute: { type: 'relation', required: true } } as ModelField;
};

const order = modelOf('api::order.order', 'orders', [
  scalar('id', 'integer'),
  system('documentId', 'string', 'document_id'),
  system('createdAt', 'datetime', 'created_at'),
  scalar('title', 'string', 'title', { required: true }),
  scalar('status', 'enumeration', 'status', { enum: ['pending', 'paid'], required: true, default: 'pending' }),
  scalar('quantity', 'integer', 'quantity', { min: 1, max: 100 }),
  scalar('note', 'text'),
  scalar('orderedAt', 'datetime', 'ordered_at'),
  scalar('ownerId', 'integer', 'owner_id'),
  scalar('source', 'string'),
  relation('customer', 'api::customer.customer', false, {
    table: 'orders_customer_lnk',
    ownerColumn: 'order_id',
    targetColumn: 'customer_id',
  }),
  relation('tags', 'api::tag.tag', true, { table: 'orders_tags_lnk', ownerColumn: 'order_id', targetColumn: 'tag_id' }),
  { kind: 'unsupported', name: 'secret', reason: 'private fields cannot be exposed' },
]);

const VARIABLES = ['now', 'today', 'param', 'user.id', 'user.email'];

const definition = (overrides: Record<string, unknown>) =>
  definitionSchema.parse({
    name: 'Orders',
    path: 'orders',
    type: 'create',
    object: order.uid,
    auth: { method: 'api-key', keys: [1] },
    ...(overrides.type === 'modify' ? { parameter: 'required' } : {}),
    ...overrides,
  });
export const fields = (...names: string[]) => names.map((name) => ({ name }));
export const compile = (overrides: Record<string, unknown>, model = order) =>
  compileInput(definition(overrides), model, 'sqlite', VARIABLES, () => null, 1024);

export const definitionError = (overrides: Record<string, unknown>, model = order) =>
  definitionErrorOf(() => compile(overrides, model));
/** The FieldError `parse` throws, as [field, index, message]. */
export const refused = (parse: () => unknown) => {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(FieldError);
    const e = error as FieldError;
    return [e.field, e.index, e.message];
  }
  throw new Error('expected a FieldError');
};
