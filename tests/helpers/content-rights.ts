import { definitionSchema } from '../../contracts/definition';
import { formatPath } from '../../contracts/problems';
import { componentLeavesIn } from '../../server/src/auth/component-leaves';
import { rightsOf } from '../../server/src/auth/content-rights';

export const ORDER = 'api::order.order';
export const CUSTOMER = 'api::customer.customer';
export const USER = 'plugin::users-permissions.user';
export const LOG = 'api::log.log';
export const ARTICLE = 'api::article.article';
const RELATIONS: Record<string, string> = {
  [`${ORDER}.customer`]: CUSTOMER,
  [`${CUSTOMER}.user`]: USER,
  ['shared.link.article']: ARTICLE,
};
export const targetOf = (uid: string, field: string) => RELATIONS[`${uid}.${field}`] ?? null;

/** The playground's blog post, as Strapi's schemas describe it (the parts the rights read). */
export const POST = 'api::post.post';
const component = (uid: string) => ({ type: 'component', component: uid });
const SCHEMAS: Record<string, { attributes: Record<string, { type: string; component?: string; visible?: boolean }> }> =
  {
    [POST]: {
      attributes: {
        title: { type: 'string' },
        seo: component('shared.seo'),
        links: { ...component('shared.link'), repeatable: true } as { type: string },
        blocks: { type: 'dynamiczone' },
        empty: component('shared.empty'),
      },
    },
    'shared.seo': {
      attributes: {
        metaTitle: { type: 'string' },
        metaDescription: { type: 'text' },
        shareImage: { type: 'media' },
        social: component('shared.social-card'),
        internal: { type: 'string', visible: false },
      },
    },
    'shared.social-card': { attributes: { network: { type: 'enumeration' }, title: { type: 'string' } } },
    'shared.link': { attributes: { label: { type: 'string' }, article: { type: 'relation' } } },
    'shared.empty': { attributes: {} },
  };
export const leavesOf = componentLeavesIn(
  (uid) => (uid.includes('::') ? SCHEMAS[uid] : undefined),
  (uid) => (uid.includes('::') ? undefined : SCHEMAS[uid])
);

const componentsIn = (uid: string, field: string) => {
  const attribute = SCHEMAS[uid]?.attributes[field];
  return attribute?.type === 'component' ? [attribute.component!] : [];
};

export const needs = (definition: Record<string, unknown>) =>
  rightsOf(
    definitionSchema.parse({
      name: 'x',
      path: 'x',
      object: ORDER,
      auth: { method: 'api-key', keys: [1] },
      ...definition,
    }),
    targetOf,
    leavesOf,
    componentsIn
  ).map(
    ({ action, uid, field, where }) => `${formatPath(where)}: ${action} ${uid}${field === null ? '' : `.${field}`}`
  );

export const v = (name: string) => ({ $var: name });
