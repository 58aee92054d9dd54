import { definitionSchema } from '../../contracts/definition';
import { MAX_TOLD_CHANGES } from '../../contracts/transfer';
import { endpointChanges, keyChanges, toldChanges } from '../../server/src/services/transfer-changes';

const definition = (changes: Record<string, unknown> = {}) =>
  definitionSchema.parse({
    name: 'Orders',
    path: 'shop/orders',
    type: 'list',
    object: 'api::order.order',
    fields: [{ name: 'id' }, { name: 'total' }],
    auth: { method: 'api-key', keys: [1] },
    ...changes,
  });

describe('what an import changes, as its preview tells it', () => {
  test('values before and after, fields and keys added and removed, the other members named', () => {
    const after = definition({
      name: 'Paid orders',
      fields: [{ name: 'id' }, { name: 'status' }],
      cache: { maxAgeSeconds: 120 },
      sort: [{ field: 'id' }],
      filter: { status: 'paid' },
    });
    expect(endpointChanges(definition(), after, { before: ['shop'], after: ['shop', 'partner'] })).toEqual([
      { setting: 'name', before: 'Orders', after: 'Paid orders' },
      { setting: 'cache', before: null, after: 120 },
      { setting: 'fieldsAdded', items: ['status'] },
      { setting: 'fieldsRemoved', items: ['total'] },
      { setting: 'keysAdded', items: ['partner'] },
      { setting: 'otherSettings', items: ['filter', 'sort'] },
    ]);
  });

  test('a field whose related fields change, with the same names, is among the other members', () => {
    const after = definition({ fields: [{ name: 'id' }, { name: 'total', required: false }] });
    expect(endpointChanges(definition(), after, { before: [], after: [] })).toEqual([
      { setting: 'otherSettings', items: ['fields'] },
    ]);
  });

  test("a key's settings the file leaves out are unchanged", () => {
    const limit = { requests: 10, windowSeconds: 60, burst: 0 };
    expect(keyChanges({ rateLimit: limit, preview: false }, { preview: true })).toEqual([
      { setting: 'preview', before: false, after: true },
    ]);
    expect(keyChanges({ rateLimit: limit, preview: false }, { rateLimit: null })).toEqual([
      { setting: 'rateLimit', before: limit, after: null },
    ]);
  });

  test('at most MAX_TOLD_CHANGES are told, the others counted', () => {
    const changes = Array.from({ length: MAX_TOLD_CHANGES + 3 }, (_, i) => ({
      setting: 'otherSettings' as const,
      items: [`member${i}`],
    }));
    expect(toldChanges(changes)).toEqual({ changes: changes.slice(0, MAX_TOLD_CHANGES), moreChanges: 3 });
    expect(toldChanges([])).toEqual({ changes: [], moreChanges: 0 });
  });
});
