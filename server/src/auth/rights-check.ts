import type { ContentRight } from './content-rights';

/** An admin role's permission as Strapi stores it (`admin::permission`), the part read here. */
export interface AdminPermission {
  action: string;
  subject: string | null;
  properties?: { fields?: string[] | null; locales?: string[] | null } | null;
  conditions?: string[] | null;
}

/** A right the admin lacks, and why. */
export interface MissingRight {
  right: ContentRight;
  reason: string;
}

/** The locales a permission on `uid` must cover (every locale of a localized type), or null when it has none. */
export type LocalesOf = (uid: string) => string[] | null;

const CM_ACTION = 'plugin::content-manager.explorer.';
/**
 * Fields the Content Manager shows whenever it shows a record: its permissions never list them. `locale` (a field
 * of translated types only) is one: i18n registers it as not visible; the locales themselves are still required
 * (`coversLocales`).
 */
const ALWAYS_SHOWN = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale']);

const REASONS = {
  missing: 'Content Manager permission missing',
  conditional: 'only with a condition; an endpoint reaches every record',
  locales: 'not for every locale',
};

/** Whether a permission's `fields` (null: all of them) cover `field`: it or a parent path (`seo` of `seo.title`). */
const coversField = (fields: string[] | null | undefined, field: string | null) =>
  field === null ||
  ALWAYS_SHOWN.has(field) ||
  fields === null ||
  fields === undefined ||
  fields.some((f) => field === f || field.startsWith(`${f}.`));

/**
 * Like Strapi's own permission engine (`@strapi/admin` engine, `@strapi/i18n` locales handler): a permission whose
 * `fields` is an empty list counts for nothing, `locales` null means every locale and a missing one none.
 */
const coversLocales = (permission: AdminPermission, locales: string[] | null) => {
  if (!locales) return true;
  const granted = permission.properties?.locales;
  return granted === null || locales.every((code) => (granted ?? []).includes(code));
};

/**
 * The rights an admin (not a super admin) lacks among `rights`, given their roles' permissions. A permission with
 * conditions ("is creator") does not count: an endpoint answers for every record, not the admin's own.
 */
export const missingRights = (
  rights: ContentRight[],
  permissions: AdminPermission[],
  localesOf: LocalesOf
): MissingRight[] => {
  const missing: MissingRight[] = [];
  for (const right of rights) {
    const covering = permissions.filter(
      (p) =>
        p.action === `${CM_ACTION}${right.action}` &&
        p.subject === right.uid &&
        !(Array.isArray(p.properties?.fields) && !p.properties.fields.length) &&
        coversField(p.properties?.fields, right.field)
    );
    const unconditional = covering.filter((p) => !p.conditions?.length);
    if (unconditional.some((p) => coversLocales(p, localesOf(right.uid)))) continue;
    const reason = unconditional.length ? 'locales' : covering.length ? 'conditional' : 'missing';
    missing.push({ right, reason: REASONS[reason] });
  }
  return missing;
};

/** `read api::product.product.sku (Content Manager permission missing)`: what a refusal or suspension names. */
export const describeMissing = ({ right, reason }: MissingRight) =>
  `${right.action} ${right.uid}${right.field === null ? '' : `.${right.field}`} (${reason})`;
