import { definitionErrorOf } from '../helpers/errors';
import {
  componentField,
  componentLink,
  componentModel,
  dynamicZone,
  media,
  modelOf,
  relation,
  scalar,
} from '../helpers/models';
import { planOf } from '../../server/src/query/components/plan';
import { compileFilter, renderPredicate } from '../../server/src/query/filter';
import { listFilterKeys } from '../../server/src/query/list-filters';
import type { ComponentField } from '../../server/src/query/model';

/** Components as server/src/query/model.ts describes them from Strapi's metadata. */
const linkOf = (owner: string) => componentLink(`${owner}_cmps`);
const robots = componentModel('shared.robots', [scalar('rule', 'string')], 'components_shared_robots');
const social = componentModel('shared.social', [scalar('network', 'string')], 'components_shared_socials');
const seo = componentModel(
  'shared.seo',
  [
    scalar('metaTitle', 'string', 'meta_title'),
    scalar('priority', 'integer'),
    media('image'),
    relation('page', 'api::page.page', false, {
      table: 'seo_page_lnk',
      ownerColumn: 'seo_id',
      targetColumn: 'page_id',
    }),
    componentField('robots', robots, false, {}, linkOf('components_shared_seos')),
    componentField('social', social, true, {}, linkOf('components_shared_seos')),
    { kind: 'unsupported', name: 'secret', reason: 'private fields cannot be exposed' },
  ],
  'components_shared_seos'
);
const blocks = dynamicZone('blocks', [social]);
const post = modelOf('api::post.post', 'posts', [
  scalar('id', 'integer'),
  scalar('title', 'string'),
  componentField('seo', seo, false, {}, linkOf('posts')),
  componentField('links', social, true, {}, linkOf('posts')),
  blocks,
]);

const compile = (filter: unknown) =>
  compileFilter(filter, post, 't0', { dialect: 'sqlite', modelOf: () => null, variables: ['param'] });
const render = (filter: unknown, vars: Record<string, unknown> = {}) => {
  const bindings: unknown[] = [];
  return { sql: renderPredicate(compile(filter), vars, bindings), bindings };
};

const SEO_JOIN =
  `LEFT JOIN "posts_cmps" k2 ON k2."entity_id" = o1."id" AND k2."field" = 'seo' AND k2."component_type" = 'shared.seo'` +
  ` LEFT JOIN "components_shared_seos" c2 ON c2."id" = k2."cmp_id"`;
const ROBOTS_JOIN =
  `LEFT JOIN "components_shared_seos_cmps" k3 ON k3."entity_id" = c2."id" AND k3."field" = 'robots'` +
  ` AND k3."component_type" = 'shared.robots' LEFT JOIN "components_shared_robots" c3 ON c3."id" = k3."cmp_id"`;

describe('filters on the fields of single components', () => {
  test('the owners whose component matches: one uncorrelated subquery, the component LEFT JOINed', () => {
    expect(render({ seo: { metaTitle: 'Hello', priority: { $gt: 2 } } })).toEqual({
      sql: `t0."id" IN (SELECT o1."id" FROM "posts" o1 ${SEO_JOIN} WHERE (c2."meta_title" = ? AND c2."priority" > ?))`,
      bindings: ['Hello', 2],
    });
  });

  test('single components inside join the same subquery', () => {
    expect(render({ seo: { robots: { rule: { $null: true } } } }).sql).toBe(
      `t0."id" IN (SELECT o1."id" FROM "posts" o1 ${SEO_JOIN} ${ROBOTS_JOIN} WHERE c3."rule" IS NULL)`
    );
  });

  test('$or, $not inside a component; an unknown variable stays unknown outside the subquery', () => {
    expect(render({ seo: { $not: { priority: { $var: 'param' } } } }, {})).toEqual({
      sql: `(t0."id" IN (SELECT o1."id" FROM "posts" o1 ${SEO_JOIN} WHERE NOT (NULL)) OR NULL)`,
      bindings: [],
    });
  });

  test.each([
    [
      { links: { network: 'x' } },
      'links: "links" is a repeatable component; filters compare the fields of single components only',
    ],
    [
      { seo: { social: { network: 'x' } } },
      'seo.social: "social" is a repeatable component; filters compare the fields of single components only',
    ],
    [{ blocks: { network: 'x' } }, 'blocks: "blocks" is a dynamic zone; filters cannot compare it'],
    [{ seo: { page: 1 } }, 'seo.page: filters cannot follow a relation inside a component'],
    [{ seo: { image: 1 } }, 'seo.image: "image" is a media field; it can be listed and written, not used here'],
    [{ seo: { secret: 1 } }, 'seo.secret: private fields cannot be exposed'],
    [{ seo: 'x' }, 'seo: compare the fields of the component, as { "seo": { "<field>": ... } }'],
    [{ seo: { $eq: 'x' } }, 'seo.$eq: operator needs a field before it'],
  ])('%j is refused', (filter, message) => {
    expect(definitionErrorOf(() => compile(filter))).toBe(message);
  });
});

describe('query filter keys of a List returning components', () => {
  test('a single component’s values by path (nested single components too); never lists, zones, files or relations', () => {
    const fields = ['title', 'seo', 'links', 'blocks'].map((name) => post.fields.get(name)) as Parameters<
      typeof listFilterKeys
    >[0];
    expect(listFilterKeys(fields, 'sqlite').map((k) => `${k.key} ${k.path} ${k.op}`)).toEqual([
      'title title $eq',
      'title:gt title $gt',
      'title:lt title $lt',
      'title:in title $in',
      'seo.metaTitle seo.metaTitle $eq',
      'seo.metaTitle:gt seo.metaTitle $gt',
      'seo.metaTitle:lt seo.metaTitle $lt',
      'seo.metaTitle:in seo.metaTitle $in',
      'seo.priority seo.priority $eq',
      'seo.priority:gt seo.priority $gt',
      'seo.priority:lt seo.priority $lt',
      'seo.priority:in seo.priority $in',
      'seo.robots.rule seo.robots.rule $eq',
      'seo.robots.rule:gt seo.robots.rule $gt',
      'seo.robots.rule:lt seo.robots.rule $lt',
      'seo.robots.rule:in seo.robots.rule $in',
    ]);
  });
});

describe('reading components (plan)', () => {
  test('one statement per component type, for a page of owners; fields in the schema’s order without the id', () => {
    const plan = planOf(post.fields.get('seo') as ComponentField, 'sqlite', 'published');
    expect(plan).toMatchObject({ name: 'seo', single: true, tagged: false });
    const [part] = plan.parts;
    expect(part.entries.map((e) => e.name)).toEqual(['metaTitle', 'priority', 'image', 'page', 'robots', 'social']);
    expect(part.media).toEqual([{ name: 'image' }]);
    expect(part.sql).toMatch(
      /^SELECT k\."entity_id", k\."order", t0\."id", t0\."meta_title" AS c0, t0\."priority" AS c1, .* FROM "posts_cmps" k JOIN "components_shared_seos" t0 ON t0\."id" = k\."cmp_id" WHERE \+k\."field" = \? AND \+k\."component_type" = \? AND k\."entity_id" IN \((\?, ){99}\?\) ORDER BY k\."entity_id", k\."order", t0\."id"$/
    );
    // Only SQLite, without statistics, needs steering to the owners' index.
    expect(planOf(post.fields.get('seo') as ComponentField, 'postgres', 'published').parts[0].sql).toMatch(
      /WHERE k\."field" = \? AND k\."component_type" = \? AND k\."entity_id" IN/
    );
    const zone = planOf(blocks, 'sqlite', 'published');
    expect(zone).toMatchObject({ single: false, tagged: true });
    expect(zone.parts.map((p) => p.uid)).toEqual(['shared.social']);
  });
});
