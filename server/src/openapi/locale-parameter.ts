import { LIMITS } from '../../../contracts/limits';
import { LOCALE_PARAM } from '../query/locale';
import type { CompiledEndpoint } from '../engine/compile-endpoint';
import { LOCALIZATION_PARAM } from '../writes/localization';

/** Whether the client names the locale with `?locale=` (definition `locale: "query"` on a translated type). */
export const takesLocaleParameter = ({ definition, model }: Pick<CompiledEndpoint, 'definition' | 'model'>) =>
  model.localized && definition.locale === 'query';

/**
 * `?locale=` of an endpoint of a translated type whose definition says `locale: "query"`: the locale read or
 * written, else the site's default locale. Empty for any other endpoint (its locale is fixed).
 */
export const localeParameters = (endpoint: CompiledEndpoint) =>
  takesLocaleParameter(endpoint)
    ? [
        {
          name: LOCALE_PARAM,
          in: 'query',
          required: false,
          description:
            "The locale (i18n) to read or write, as a locale code of the site (e.g. `en`, `fr`); absent: the site's default locale. A code the site does not have is a 400.",
          schema: { type: 'string', minLength: 1, maxLength: 35 },
        },
      ]
    : [];

/** `?localizationOf=` of a Create on a translated type: the record becomes a new locale of that record's document. */
export const localizationParameters = ({ model }: CompiledEndpoint) =>
  model.localized
    ? [
        {
          name: LOCALIZATION_PARAM,
          in: 'query',
          required: false,
          description:
            "The id of a record (of any locale) whose document gets the endpoint's locale: the body (one record, not an array) is that new localization, and the document's untranslated fields are kept. Absent: a new document.",
          schema: { type: 'integer', minimum: 1, maximum: LIMITS.maxRowId },
        },
      ]
    : [];
