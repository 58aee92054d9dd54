import { definitionSchema } from '../../contracts/definition';
import { ApiError } from '../../server/src/errors/api-error';
import { DefinitionError } from '../../server/src/errors/definition-error';
import { compileLocale, type SiteLocales } from '../../server/src/query/locale';
import { andWhere, compileLocaleRead } from '../../server/src/query/locale-read';
import type { Model } from '../../server/src/query/model';
import { scalar } from '../helpers/models';

/** The locale of an endpoint: checked when it is compiled, resolved per request. */

const modelOf = (localized: boolean): Model => ({
  uid: localized ? 'api::category.category' : 'api::product.product',
  table: 'categories',
  draftAndPublish: true,
  hasLifecycles: false,
  localized,
  complexFields: false,
  single: false,
  morphLinks: [],
  fields: new Map(
    [scalar('id', 'integer'), scalar('name', 'string'), { ...scalar('locale', 'string'), writable: false }].map((f) => [
      f.name,
      f,
    ])
  ),
});
const category = modelOf(true);
const product = modelOf(false);
const locales: SiteLocales = { codes: new Set(['en', 'fr']), defaultCode: 'en' };
const definition = (locale?: string, type = 'list') =>
  definitionSchema.parse({
    name: 'c',
    path: 'c',
    type,
    object: category.uid,
    fields: [{ name: 'name' }],
    parameter: type === 'modify' ? 'required' : 'none',
    auth: { method: 'api-key', keys: [1] },
    ...(locale === undefined ? {} : { locale }),
  });

describe('compileLocale', () => {
  test('none on a type without i18n; a locale there is a definition error', () => {
    expect(compileLocale(definition(), product, locales)).toBeNull();
    expect(() => compileLocale(definition('fr'), product, locales)).toThrow(
      new DefinitionError(['locale'], 'api::product.product is not translated (i18n)')
    );
  });

  test('absent: the default locale; a fixed code: that one, which must exist', () => {
    expect(compileLocale(definition(), category, locales)).toMatchObject({ param: null });
    expect(compileLocale(definition(), category, locales)!.resolve(undefined)).toBe('en');
    expect(compileLocale(definition('fr'), category, locales)!.resolve(undefined)).toBe('fr');
    expect(() => compileLocale(definition('de'), category, locales)).toThrow(
      new DefinitionError(['locale'], '"de" is not a locale of this site')
    );
  });

  test('"query": the parameter, else the default; an unknown code is a 400 naming the parameter', () => {
    const scope = compileLocale(definition('query'), category, locales)!;
    expect(scope.param).toBe('locale');
    expect(scope.resolve('fr')).toBe('fr');
    expect(scope.resolve(undefined)).toBe('en');
    for (const value of ['de', '', 'FR']) {
      expect(() => scope.resolve(value)).toThrow(
        new ApiError(400, 'Invalid request parameters: locale is not a locale of this site')
      );
    }
  });

  test('"all": every locale, on reads only', () => {
    expect(compileLocale(definition('all'), category, locales)!.resolve(undefined)).toBeNull();
    expect(() => compileLocale(definition('all', 'modify'), category, locales)).toThrow(
      new DefinitionError(['locale'], '"all" applies to reads only')
    );
  });

  test('without a default locale, only a fixed code or "all" compile', () => {
    const none: SiteLocales = { codes: new Set(['fr']), defaultCode: null };
    expect(() => compileLocale(definition(), category, none)).toThrow(DefinitionError);
    expect(() => compileLocale(definition('query'), category, none)).toThrow(DefinitionError);
    expect(compileLocale(definition('fr'), category, none)!.resolve(undefined)).toBe('fr');
  });
});

describe('compileLocaleRead', () => {
  const read = { where: 'x = ?', bindings: [1] };

  test('a bound condition ahead of the others; none for "all"', () => {
    const fixed = compileLocaleRead(definition('fr'), category, { dialect: 'postgres', locales })!;
    expect(andWhere(fixed.conditionOf(new Map()), read)).toEqual({
      where: 't0."locale" = ? AND x = ?',
      bindings: ['fr', 1],
    });
    const all = compileLocaleRead(definition('all'), category, { dialect: 'mysql', locales })!;
    expect(andWhere(all.conditionOf(new Map()), read)).toEqual(read);
  });

  test('"query": accepts ?locale= and takes its value out of the query filters', () => {
    const chosen = compileLocaleRead(definition('query'), category, { dialect: 'sqlite', locales })!;
    const accepted = chosen.accepting(new Map());
    expect([...accepted.keys()]).toEqual(['locale']);
    const filters = new Map<string, unknown>([
      ['locale', 'fr'],
      ['name', 'Récits'],
    ]);
    expect(chosen.conditionOf(filters)).toEqual({ where: 't0."locale" = ?', bindings: ['fr'] });
    expect([...filters.keys()]).toEqual(['name']);
  });
});
