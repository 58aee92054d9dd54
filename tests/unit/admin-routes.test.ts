import { ADMIN_API, adminPath, type DataOf, type InputArgs } from '../../contracts/admin-api';
import { PERMISSIONS } from '../../contracts/permissions';
import adminRoutes from '../../server/src/routes/admin';
import controllers from '../../server/src/controllers';

const ACTIONS = new Set(Object.values(PERMISSIONS).flatMap((area) => Object.values(area)));

type Policy = string | { name: string; config: { actions: string[] } };

const actionsOf = (route: (typeof adminRoutes.routes)[number]) =>
  (route.config.policies as Policy[]).find(
    (p): p is Exclude<Policy, string> => typeof p !== 'string' && p.name === 'admin::hasPermissions'
  )?.config.actions;

describe('admin routes', () => {
  test.each(adminRoutes.routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s checks one plugin action',
    (_name, route) => {
      expect(route.config.policies).toContain('admin::isAuthenticatedAdmin');
      const actions = actionsOf(route);
      expect(actions).toHaveLength(1);
      expect(ACTIONS.has(actions![0] as never)).toBe(true);
    }
  );

  test('reads need a read action and changes a manage action', () => {
    for (const route of adminRoutes.routes) {
      const [action] = actionsOf(route)!;
      expect(action.endsWith(route.method === 'GET' ? '.read' : '.manage')).toBe(true);
    }
  });

  test.each(Object.entries(ADMIN_API))('operation %s is routed with its action', (name, operation) => {
    const routed = adminRoutes.routes.filter((r) => r.handler === name);
    expect(routed).toHaveLength(1);
    expect(routed[0]).toMatchObject({ method: operation.method, path: operation.path });
    expect(actionsOf(routed[0])).toEqual([operation.action]);
  });

  test('every route is an operation of the contract, each on its own method and path', () => {
    expect(adminRoutes.routes.map((r) => r.handler).sort()).toEqual(Object.keys(ADMIN_API).sort());
    const routes = adminRoutes.routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  test.each(Object.keys(ADMIN_API))('operation %s has its controller action', (name) => {
    const [controller, action] = name.split('.');
    const factory = controllers[controller as keyof typeof controllers];
    // The factories only keep `strapi` for later: the actions reach services when they run.
    const actions: Record<string, unknown> = factory({ strapi: {} as never });
    expect(typeof actions[action]).toBe('function');
  });
});

describe('adminPath', () => {
  test('fills in the route parameters', () => {
    expect(adminPath('endpoints.find')).toBe('/endpoints');
    expect(adminPath('openapiDocuments.download', { id: 7 })).toBe('/openapi-documents/7/download');
    expect(adminPath('endpoints.update', { id: '12' })).toBe('/endpoints/12');
  });

  test('refuses a missing parameter', () => {
    expect(() => adminPath('endpoints.findOne')).toThrow('id');
  });
});

describe('contract types (checked by npm run typecheck)', () => {
  test('an operation takes its params and body, and answers its data', () => {
    const update: InputArgs<'endpoints.update'> = [
      {
        id: 3,
        data: {
          name: 'n',
          path: 'p',
          type: 'list',
          object: 'o',
          auth: { method: 'session', userObject: 'admin::user' },
        },
      },
    ];
    // @ts-expect-error an update names its row
    const unnamed: InputArgs<'endpoints.update'> = [{ data: update[0].data }];
    const none: InputArgs<'endpoints.find'> = [];
    // @ts-expect-error a delete takes no body
    const body: InputArgs<'apiKeys.delete'> = [{ id: 1, data: {} }];
    const deleted: DataOf<'sessions.delete'> = { id: 1 };
    // @ts-expect-error a list answers an array
    const list: DataOf<'endpoints.find'> = deleted;
    expect([update, unnamed, none, body, list].length).toBe(5);
  });
});
