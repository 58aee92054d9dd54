import { app, key, UIDS, exported, transferSuite } from '../helpers/transfer-suite';

transferSuite();

describe('export', () => {
  test('holds every definition, keys by name, documents by route, and never a secret or hash', async () => {
    const file = await exported();
    expect(file.format).toBe('strapi-plugin-data-api/2');
    expect(file.keys).toEqual([{ name: 'partner', description: 'Partner key', rateLimit: null, preview: false }]);
    const partner = file.endpoints.find((e: { path: string }) => e.path === 'partner/orders');
    expect(partner).toMatchObject({
      name: 'Partner orders',
      type: 'list',
      filter: { status: 'paid' },
      auth: { method: 'api-key', keys: ['partner'] },
    });
    expect(partner.id).toBeUndefined();
    expect(file.documents).toEqual([
      {
        title: 'Partner API',
        version: '1.0.0',
        description: '',
        public: true,
        endpoints: ['GET partner/orders', 'GET me/orders'],
      },
    ]);
    const text = JSON.stringify(file);
    const stored = await app.strapi.db.query(UIDS.key as never).findOne({ where: { id: key.id } });
    expect(text).not.toContain(key.secret);
    expect(text).not.toContain(stored.hash);
    expect(text).not.toContain('"hash"');
  });
});
