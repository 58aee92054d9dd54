import { definitionErrorOf } from './errors';
import { definitionSchema } from '../../contracts/definition';
import type { CompileDeps } from '../../server/src/engine/deps';
import type { Model } from '../../server/src/query/model';
import type { Row } from '../../server/src/query/executor';
import { compileTasks } from '../../server/src/tasks/compile';
import type { ObjectWriter } from '../../server/src/writes/object-writer';
import type { TxDb } from '../../server/src/query/tx-db';
import { modelOf, relation, scalar } from './models';

const order = modelOf('api::order.order', 'orders', [
  scalar('id', 'integer'),
  scalar('quantity', 'integer', 'quantity', { min: 1 }),
  scalar('note', 'text'),
  scalar('status', 'enumeration', 'status', { enum: ['pending', 'paid'] }),
  relation('customer', 'api::customer.customer', false, {
    table: 'orders_customer_lnk',
    ownerColumn: 'order_id',
    targetColumn: 'customer_id',
  }),
  { kind: 'unsupported', name: 'secret', reason: 'private fields cannot be exposed' },
]);
export const customer = modelOf('api::customer.customer', 'customers', [
  scalar('id', 'integer'),
  scalar('email', 'email', 'email', { required: true, unique: true }),
  scalar('orders', 'integer', 'orders', { required: true, default: 0 }),
  scalar('name', 'string'),
]);
export const log = modelOf('api::log.log', 'logs', [
  scalar('id', 'integer'),
  scalar('message', 'text'),
  scalar('ref', 'integer'),
]);
export const article: Model = {
  ...modelOf('api::article.article', 'articles', [scalar('id', 'integer'), scalar('title', 'string')]),
  draftAndPublish: true,
};
const MODELS = new Map([order, customer, log, article].map((m) => [m.uid, m]));

const fakeWriter = (uniqueFields: string[] = []) => ({
  uniqueFields,
  create: jest.fn(async () => [1]),
  update: jest.fn(async () => [1]),
  remove: jest.fn(async () => undefined),
});
type FakeWriter = ReturnType<typeof fakeWriter>;

const setup = () => {
  const writers = new Map<string, FakeWriter>([
    [order.uid, fakeWriter()],
    [customer.uid, fakeWriter(['email'])],
    [log.uid, fakeWriter()],
    [article.uid, fakeWriter()],
  ]);
  const deps = {
    dialect: 'sqlite',
    modelOf: (uid: string) => MODELS.get(uid) ?? null,
    writerOf: (model: Model) => writers.get(model.uid) as unknown as ObjectWriter,
  } as unknown as CompileDeps;
  return { deps, writers };
};

const definition = (type: 'create' | 'modify' | 'delete', tasks: unknown[], extra: Record<string, unknown> = {}) =>
  definitionSchema.parse({
    name: 'Orders',
    path: 'orders',
    type,
    object: order.uid,
    parameter: type === 'create' ? 'none' : 'required',
    fields: type === 'delete' ? [] : [{ name: 'quantity' }, { name: 'status' }],
    auth: { method: 'api-key', keys: [1] },
    tasks,
    ...extra,
  });

export const compile = (
  type: 'create' | 'modify' | 'delete',
  tasks: unknown[],
  extra: Record<string, unknown> = {}
) => {
  const { deps, writers } = setup();
  return { compiled: compileTasks(definition(type, tasks, extra), order, deps), writers };
};
export const definitionError = (type: 'create' | 'modify' | 'delete', tasks: unknown[]) =>
  definitionErrorOf(() => compile(type, tasks));

/** A transaction that answers every SELECT with `rows` and records what it was asked. */
export const fakeDb = (rows: Row[] = []) => {
  const calls: Array<{ sql: string; bindings: unknown[] }> = [];
  const db: TxDb = {
    dialect: 'sqlite',
    releasedFiles: new Set(),
    linkOwnersWritten: new Set(),
    all: async (sql, bindings) => {
      calls.push({ sql, bindings });
      return rows;
    },
    run: async () => {
      throw new Error('tasks write through their writers');
    },
  };
  return { db, calls };
};

export const raise = (when?: unknown) => ({ action: 'raise-error', message: 'Stop', ...(when ? { when } : {}) });
