import type { Core } from '@strapi/strapi';
import type { EndpointDefinition } from '../../../contracts/definition';
import { formatProblem, type Problem } from '../../../contracts/problems';
import { ADMIN_USER } from '../auth/admin-users';
import { componentLeavesIn } from '../auth/component-leaves';
import { rightsOf, type ContentRight } from '../auth/content-rights';
import { describeMissing, missingRights, type AdminPermission, type LocalesOf } from '../auth/rights-check';
import type { CompiledEndpoint } from '../engine/compile-endpoint';
import { getService } from './get-service';

/** The admin who saves or imports a definition: its author from then on. */
export interface AdminActor {
  id: number;
}

interface AdminRights {
  active: boolean;
  superAdmin: boolean;
  permissions: AdminPermission[];
}

const SUPER_ADMIN = 'strapi-super-admin';
/**
 * Where an admin's rights live: a change to any of them may widen or narrow what an author or caller may do. A new
 * locale too: a permission on a localized type must cover every locale, and Strapi lists them one by one.
 */
const RIGHTS_MODELS = ['admin::permission', 'admin::role', ADMIN_USER, 'plugin::i18n.locale'];

/**
 * The endpoint right is no data-access right of its own (docs/security.md, "What each admin right grants"): an admin who is
 * not a super admin saves, imports and keeps serving only endpoints their Content Manager permissions allow, and
 * calls admin-user session endpoints only with those rights.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const schemaOf = (uid: string) =>
    strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as
      | { attributes: Record<string, { type?: string; target?: unknown }>; pluginOptions?: Record<string, unknown> }
      | undefined;
  const componentOf = (uid: string) =>
    strapi.components[uid as keyof typeof strapi.components] as
      | { attributes: Record<string, { type?: string; target?: unknown; component?: unknown; components?: unknown }> }
      | undefined;
  /** A field of a content type or of a component. */
  const attributeOf = (uid: string, field: string) =>
    (schemaOf(uid) ?? componentOf(uid))?.attributes[field] as
      | { type?: string; target?: unknown; component?: unknown; components?: unknown }
      | undefined;
  const targetOf = (uid: string, field: string) => {
    const attribute = attributeOf(uid, field);
    return attribute?.type === 'relation' && typeof attribute.target === 'string' ? attribute.target : null;
  };
  const componentsIn = (uid: string, field: string) => {
    const attribute = attributeOf(uid, field);
    if (attribute?.type === 'component') return [String(attribute.component)];
    return attribute?.type === 'dynamiczone' && Array.isArray(attribute.components) ? attribute.components.map(String) : [];
  };
  const leavesOf = componentLeavesIn(schemaOf, componentOf);

  /** The rights of these admins, read in one query. */
  const adminsOf = async (ids: number[]): Promise<Map<number, AdminRights>> => {
    const users = await strapi.db.query(ADMIN_USER).findMany({
      where: { id: { $in: ids } },
      select: ['id', 'isActive', 'blocked'],
      populate: {
        roles: {
          select: ['code'],
          populate: { permissions: { select: ['action', 'subject', 'properties', 'conditions'] } },
        },
      },
    });
    return new Map(
      users.map((user) => {
        const roles = (user.roles ?? []) as Array<{ code: string; permissions?: AdminPermission[] }>;
        const rights = {
          active: user.isActive === true && user.blocked !== true,
          superAdmin: roles.some((r) => r.code === SUPER_ADMIN),
          permissions: roles.flatMap((r) => r.permissions ?? []),
        };
        return [user.id as number, rights];
      })
    );
  };

  /** Every locale, for the localized types among `rights` (a permission on them must cover all). */
  const localesFor = async (rights: ContentRight[]): Promise<LocalesOf> => {
    const localized = (uid: string) =>
      (schemaOf(uid)?.pluginOptions?.i18n as { localized?: boolean } | undefined)?.localized === true;
    const uids = new Set(rights.map((r) => r.uid).filter(localized));
    if (!uids.size || !strapi.plugin('i18n')) return () => null;
    const codes = (await strapi.db.query('plugin::i18n.locale').findMany({ select: ['code'] })).map(
      (l) => l.code as string
    );
    return (uid) => (uids.has(uid) ? codes : null);
  };

  /** What `admin` lacks for `definition`: nothing for a super admin. */
  const missingFor = async (admin: AdminRights, definition: EndpointDefinition) => {
    if (admin.superAdmin) return [];
    const rights = rightsOf(definition, targetOf, leavesOf, componentsIn);
    return missingRights(rights, admin.permissions, await localesFor(rights));
  };

  let verdicts = new WeakMap<CompiledEndpoint, Map<number, Promise<boolean>>>();
  let scheduled: Promise<void> | null = null;
  let lastRefresh: Promise<void> = Promise.resolve();

  /** Recompiles once for a burst of changes (a role's save writes each permission): the new rights, everywhere. */
  const refresh = () => {
    verdicts = new WeakMap();
    scheduled ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        scheduled = null;
        verdicts = new WeakMap();
        await getService(strapi, 'engine').changed();
      })
      .catch((error: Error) => {
        strapi.log.warn(`[data-api] could not apply changed admin rights: ${error.message}`);
      });
    lastRefresh = scheduled;
  };

  /** Inside a transaction the new rights are visible to other connections only once it commits. */
  const rightsChanged = async () => {
    if (strapi.db.inTransaction()) await strapi.db.transaction(({ onCommit }) => onCommit(refresh));
    else refresh();
  };

  return {
    /** The admin API's problems with `definition` saved by `actor` (none without one: code, seeds). */
    async problemsOnSave(definition: EndpointDefinition, actor?: AdminActor): Promise<Problem[]> {
      if (!actor) return [];
      const admin = (await adminsOf([actor.id])).get(actor.id);
      if (!admin) return [{ path: [], message: `admin user ${actor.id} no longer exists` }];
      const missing = await missingFor(admin, definition);
      const problems = missing.map((m) => ({ path: m.right.where, message: `you may not ${describeMissing(m)}` }));
      // A right needed twice in one place (one field read by two conditions of a task) is told once.
      return [...new Map(problems.map((p) => [formatProblem(p), p])).values()];
    },

    /** Why each endpoint whose author lacks its rights today is not served, by endpoint id. */
    async suspensions(endpoints: Array<{ id: number; authorId: number; definition: EndpointDefinition }>) {
      const reasons = new Map<number, string>();
      if (!endpoints.length) return reasons;
      const authors = await adminsOf([...new Set(endpoints.map((e) => e.authorId))]);
      for (const { id, authorId, definition } of endpoints) {
        const author = authors.get(authorId);
        const who = `its author (admin user ${authorId})`;
        if (!author) reasons.set(id, `${who} was deleted`);
        else if (!author.active) reasons.set(id, `${who} is deactivated or blocked`);
        else {
          const missing = [...new Set((await missingFor(author, definition)).map(describeMissing))];
          if (missing.length) reasons.set(id, `${who} may no longer ${missing.join('; ')}`);
        }
      }
      return reasons;
    },

    /** Whether the admin `adminId` may call `endpoint` (an admin-user session endpoint): decided once per rights. */
    allows(adminId: number, endpoint: CompiledEndpoint): Promise<boolean> {
      let byAdmin = verdicts.get(endpoint);
      if (!byAdmin) verdicts.set(endpoint, (byAdmin = new Map()));
      let verdict = byAdmin.get(adminId);
      if (!verdict) {
        verdict = adminsOf([adminId]).then(async (admins) => {
          const admin = admins.get(adminId);
          return !!admin?.active && !(await missingFor(admin, endpoint.definition)).length;
        });
        const cache = byAdmin;
        cache.set(adminId, verdict);
        verdict.catch(() => cache.delete(adminId));
      }
      return verdict;
    },

    /** Follows changes of admin rights: roles, their permissions, users' roles and state. */
    watch() {
      strapi.db.lifecycles.subscribe({
        models: RIGHTS_MODELS,
        afterCreate: rightsChanged,
        afterCreateMany: rightsChanged,
        afterUpdate: rightsChanged,
        afterUpdateMany: rightsChanged,
        afterDelete: rightsChanged,
        afterDeleteMany: rightsChanged,
      });
    },

    /** Waits for the changes of rights seen so far to be in force here. */
    settled: () => lastRefresh,
  };
};
