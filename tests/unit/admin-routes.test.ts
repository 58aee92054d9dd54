import { PERMISSIONS } from '../../contracts/permissions';
import adminRoutes from '../../server/src/routes/admin';

const ACTIONS = new Set(Object.values(PERMISSIONS).flatMap((area) => Object.values(area)));

type Policy = string | { name: string; config: { actions: string[] } };

describe('admin routes', () => {
  test.each(adminRoutes.routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s checks one plugin action',
    (_name, route) => {
      const policies = route.config.policies as Policy[];
      expect(policies).toContain('admin::isAuthenticatedAdmin');
      const check = policies.find(
        (p): p is Exclude<Policy, string> => typeof p !== 'string' && p.name === 'admin::hasPermissions'
      );
      expect(check?.config.actions).toHaveLength(1);
      expect(ACTIONS.has(check!.config.actions[0] as never)).toBe(true);
    }
  );

  test('reads need a read action and changes a manage action', () => {
    for (const route of adminRoutes.routes) {
      const [action] = (route.config.policies[1] as Exclude<Policy, string>).config.actions;
      expect(action.endsWith(route.method === 'GET' ? '.read' : '.manage')).toBe(true);
    }
  });
});
