import { isWrite, type EndpointDefinition } from '../../../contracts/definition';
import { unknownLocale } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import { DefinitionError } from '../errors/definition-error';
import type { Model } from './model';

/**
 * The site's locales (i18n) as the definitions were last compiled with: the registry reloads when a locale is
 * added or removed and when the default locale changes (it lives in Strapi's core store, not the locale table).
 */
export interface SiteLocales {
  codes: ReadonlySet<string>;
  /** The default locale's code, null when i18n has none. */
  defaultCode: string | null;
}

export const NO_LOCALES: SiteLocales = { codes: new Set(), defaultCode: null };

/** The query-string parameter that selects the locale of an endpoint whose definition says `locale: "query"`. */
export const LOCALE_PARAM = 'locale';

/** The locale an endpoint of a translated type reads or writes, resolved per request. */
export interface LocaleScope {
  /** `"locale"` when the client selects the locale with `?locale=` (definition `locale: "query"`), else null. */
  param: typeof LOCALE_PARAM | null;
  /**
   * The locale of a request from the value of `?locale=` (undefined when absent, or when `param` is null): a
   * locale code, or null for every locale (`"all"`). An unknown code is a 400 naming the parameter.
   */
  resolve: (value: string | undefined) => string | null;
}

const known = (locales: SiteLocales, code: string) => locales.codes.has(code);

/**
 * The definition's `locale` against the type and the site's locales: null on a type without i18n (where a
 * `locale` is a definition error). Absent: the site's default locale; `"query"`: the client's `?locale=`, else the
 * default; `"all"`: every locale (reads only); otherwise a locale code, which must exist.
 */
export const compileLocale = (
  definition: EndpointDefinition,
  model: Model,
  locales: SiteLocales
): LocaleScope | null => {
  const { locale } = definition;
  if (!model.localized) {
    if (locale !== undefined) throw new DefinitionError(['locale'], `${model.uid} is not translated (i18n)`);
    return null;
  }
  if (locale === 'all') {
    if (isWrite(definition.type)) throw new DefinitionError(['locale'], '"all" applies to reads only');
    return { param: null, resolve: () => null };
  }
  if (locale !== undefined && locale !== 'query') {
    if (!known(locales, locale)) throw new DefinitionError(['locale'], `"${locale}" is not a locale of this site`);
    return { param: null, resolve: () => locale };
  }
  const fallback = locales.defaultCode;
  if (fallback === null || !known(locales, fallback)) {
    throw new DefinitionError(['locale'], 'the site has no default locale; give the endpoint a locale');
  }
  if (locale === undefined) return { param: null, resolve: () => fallback };
  return {
    param: LOCALE_PARAM,
    resolve: (value) => {
      if (value === undefined) return fallback;
      if (!known(locales, value)) throw new ApiError(400, unknownLocale(LOCALE_PARAM));
      return value;
    },
  };
};
