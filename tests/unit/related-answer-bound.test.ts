import type { FieldSpec } from '../../contracts/definition';
import { MESSAGES } from '../../contracts/messages';
import { ApiError } from '../../server/src/errors/api-error';
import { DefinitionError } from '../../server/src/errors/definition-error';
import type { SiteLocales } from '../../server/src/query/locale';
import type { Model } from '../../server/src/query/model';
import { checkRelatedPerPage } from '../../server/src/related/answer-bound';
import { relatedBudget } from '../../server/src/related/budget';
import { compileInside, insideWork } from '../../server/src/related/inside';
import { compileRelated } from '../../server/src/related/related-plan';
import { selectFields, type Selected } from '../../server/src/related/selection';
import { componentField, componentModel, dynamicZone, modelOf, relation, scalar } from '../helpers/models';

/**
 * The worst case of a List's related records per page (docs/content.md#what-related-fields-cost): a page of 100
 * records, each answering through every related field its cap (limit, locales, 1) and what those answer.
 */
const link = { table: 'links', ownerColumn: 'a_id', targetColumn: 'b_id' };
const product = modelOf('api::product.product', 'products', [scalar('id', 'integer'), scalar('title', 'string')]);
const plan = modelOf('api::plan.plan', 'plans', [
  scalar('id', 'integer'),
  relation('products', product.uid, true, link),
]);
const linkComponent = componentModel('elements.link', [relation('page', 'api::page.page', false, link)]);
const hero = componentModel('sections.hero', [componentField('buttons', linkComponent, true, { max: 3 })]);
const pricing = componentModel('sections.pricing', [relation('plans', plan.uid, true, link)]);
const page: Model = {
  ...modelOf('api::page.page', 'pages', [
    scalar('id', 'integer'),
    scalar('title', 'string'),
    relation('author', product.uid, false, link),
    relation('related', 'api::page.page', true, link),
    dynamicZone('sections', [hero, pricing]),
    dynamicZone('blocks', [hero], { max: 4 }),
    componentField('links', linkComponent, true),
  ]),
  localized: true,
};
const models = new Map([page, plan, product].map((m) => [m.uid, m]));
const TWO_LOCALES: SiteLocales = { codes: new Set(['en', 'fr']), defaultCode: 'en' };

/** The refusal of `fields` on `model` (pages unless given) under `max`, or null when they pass. */
const refusal = (fields: FieldSpec[], max: number, model: Model = page) => {
  const selected = selectFields(model, fields, ['fields'], (uid) => models.get(uid) ?? null);
  try {
    checkRelatedPerPage(model, selected, TWO_LOCALES, max);
    return null;
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    return `${error.problem.path.join('.')}: ${error.problem.message}`;
  }
};
const ids = [{ name: 'id' }];

test('a to-many relation counts its limit per record, a to-one one: a page of 100 records each', () => {
  const fields = [
    { name: 'related', limit: 10, fields: ids },
    { name: 'author', fields: ids },
  ];
  // 100 x (10 + 1) = 1,100
  expect(refusal(fields, 1100)).toBeNull();
  expect(refusal(fields, 1099)).toBe(
    'fields.1: one page would answer up to 1100 related records, "author" taking it past 1099 (related.maxRecordsPerAnswer): give them lower limits or fewer fields'
  );
});

test('related fields of related records multiply: each related record answers its own', () => {
  // related (5) x (1 + its related (4) x (1 + author 1)): 100 x 5 x 9 = 4,500
  const fields = [
    { name: 'related', limit: 5, fields: [{ name: 'related', limit: 4, fields: [{ name: 'author', fields: ids }] }] },
  ];
  expect(refusal(fields, 4500)).toBeNull();
  // The outer field's 500 records and the inner one's 2,000 pass 2,499: the inner field takes it over.
  expect(refusal(fields, 2499)).toMatch(
    /^fields\.0\.fields\.0\.limit: one page would answer up to 4500 related .*"related" taking it past 2499/
  );
  expect(refusal(fields, 4499)).toMatch(/^fields\.0\.fields\.0\.fields\.0: .*up to 4500 .*"author"/);
});

test('the default limit is 100: two levels of it pass no default bound', () => {
  const fields = [{ name: 'related', fields: [{ name: 'related', fields: ids }] }];
  // 100 x 100 x (1 + 100) = 1,010,000
  expect(refusal(fields, 1_000_000)).toMatch(/up to 1010000 related records/);
});

test('localizations count the site’s locales', () => {
  const fields = [{ name: 'localizations', fields: [{ name: 'title' }] }];
  expect(refusal(fields, 200)).toBeNull();
  expect(refusal(fields, 199)).toMatch(/^fields\.0: .*up to 200 .*"localizations"/);
});

test('inside components: a single or unbounded repeatable counts one, a bounded one its max', () => {
  const pageLink = [{ name: 'page', fields: ids }];
  // `links` is repeatable without a max: 100 x 1.
  expect(refusal([{ name: 'links', fields: pageLink }], 100)).toBeNull();
  // A hero's buttons: at most 3 links, each one page: 100 x 3 x 1.
  const heroes = [{ name: 'sections', fields: [{ name: 'buttons', fields: pageLink }] }];
  expect(refusal(heroes, 300)).toBeNull();
  expect(refusal(heroes, 299)).toMatch(/^fields\.0\.fields\.0\.fields\.0: .*up to 300 .*"page"/);
  // A zone with a max of 4 heroes: 100 x 4 x 3.
  expect(refusal([{ name: 'blocks', fields: [{ name: 'buttons', fields: pageLink }] }], 1199)).toMatch(/up to 1200 /);
});

test('a dynamic zone counts its costliest component', () => {
  const fields = [
    {
      name: 'sections',
      fields: [
        { name: 'buttons', fields: [{ name: 'page', fields: ids }] },
        { name: 'plans', limit: 4, fields: [{ name: 'products', limit: 5, fields: ids }] },
      ],
    },
  ];
  // Pricing: 4 plans x (1 + 5 products) = 24 per record, more than a hero's 3 buttons: 2,400.
  expect(refusal(fields, 2400)).toBeNull();
  expect(refusal(fields, 2399)).toMatch(/^fields\.0\.fields\.1\.fields\.0\.limit: .*up to 2400 .*"products"/);
});

test('a single type answers one entry, one per locale when it is translated', () => {
  const fields = [{ name: 'related', fields: [{ name: 'related', limit: 10, fields: ids }] }];
  // One entry: 1 x 100 x (1 + 10) = 1,100; a page of 100 records would answer 110,000.
  expect(refusal(fields, 1100, { ...page, single: true, localized: false })).toBeNull();
  expect(refusal(fields, 1099, { ...page, single: true, localized: false })).toMatch(/up to 1100 /);
  // Translated: one entry per locale, two here.
  expect(refusal(fields, 2199, { ...page, single: true })).toMatch(/up to 2200 /);
  expect(refusal(fields, 100_000)).toMatch(/up to 110000 /);
});

describe('as an answer is read: the related records it answers are counted before each statement', () => {
  /**
   * The statements read for one page record whose dynamic zone holds `values` pricing sections of 5 plans each
   * (each section answers them: 5 x values records), under a bound of `max`; the error that refused it, if any.
   */
  const read = async (values: number, max: number) => {
    const fields = [{ name: 'sections', fields: [{ name: 'plans', limit: 5, fields: ids }] }];
    const [sections] = selectFields(page, fields, ['fields'], (uid) => models.get(uid) ?? null);
    const statements: string[] = [];
    const executor = {
      all: async () => [],
      arrays: async (sql: string) => (statements.push(sql), []),
    };
    const relatedOf = (s: Selected & { related: NonNullable<Selected['related']> }) =>
      compileRelated(s, { dialect: 'sqlite', executor, status: 'published' }, () => ({
        select: { expressions: [], columns: [] },
        finish: null,
      }));
    const plan = compileInside({ ...sections, inside: sections.inside! }, relatedOf);
    const section = () => ({ __component: 'sections.pricing', plans: [1, 2, 3, 4, 5] });
    const work: Array<() => Promise<void>> = [];
    insideWork([{ sections: Array.from({ length: values }, section) }], plan, work, undefined, relatedBudget(max));
    const refused = await Promise.all(work.map((run) => run())).then(
      () => null,
      (error: unknown) => error
    );
    return { statements: statements.length, refused };
  };

  test('a dynamic zone without a max passes the definition check, not the bound as it is read', async () => {
    // The check counts one section a record: 100 x 5 = 500 at worst, far under the default bound.
    const fields = [{ name: 'sections', fields: [{ name: 'plans', limit: 5, fields: ids }] }];
    expect(refusal(fields, 20_000)).toBeNull();
    expect(await read(20, 100)).toEqual({ statements: 1, refused: null });
    const { statements, refused } = await read(21, 100);
    expect(statements).toBe(0); // refused before the plans are read
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, message: MESSAGES.tooManyRelated });
  });
});
