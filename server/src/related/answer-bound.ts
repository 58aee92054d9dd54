import { LIMITS } from '../../../contracts/limits';
import { DefinitionError } from '../errors/definition-error';
import type { SiteLocales } from '../query/locale';
import type { ComponentsField, Model } from '../query/model';
import type { Selected } from './selection';

/** The related records one field adds to an answer at worst. */
interface Share {
  selected: Selected;
  records: number;
}

const total = (shares: Share[]) => shares.reduce((sum, share) => sum + share.records, 0);

/**
 * Values of a component field per record at most: one for a single component; for a repeatable component or a
 * dynamic zone, its schema's `max` when it sets one, else one (then `maxAnswerBytes` is the backstop).
 */
const valuesPerRecord = (field: ComponentsField) => {
  if (field.kind === 'component' && !field.repeatable) return 1;
  const { max } = field.attribute;
  return typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : 1;
};

/** Records a related field answers per record: its limit (to-many), one per locale (`localizations`), or one. */
const perRecord = ({ field, related }: Selected & { related: NonNullable<Selected['related']> }, locales: number) =>
  field.kind === 'localizations' ? locales : related.many ? related.limit : 1;

/**
 * What each related field of `selected` adds to an answer of `records` records, in the order the definition
 * lists them, each field before the fields of its records. A dynamic zone's values may all be of its costliest
 * component.
 */
const sharesOf = (selected: Selected[], records: number, locales: number): Share[] =>
  selected.flatMap((s): Share[] => {
    if (s.related) {
      const answered = records * perRecord({ ...s, related: s.related }, locales);
      return [{ selected: s, records: answered }, ...sharesOf(s.related.fields, answered, locales)];
    }
    if (!s.inside) return [];
    const values = records * valuesPerRecord(s.field as ComponentsField);
    return [...s.inside.values()]
      .map((fields) => sharesOf([...fields.values()], values, locales))
      .reduce((worst, shares) => (total(shares) > total(worst) ? shares : worst), []);
  });

/**
 * Refuses a List of `model` whose page may answer more than `max` related records at worst (plugin option
 * `related.maxRecordsPerAnswer`, docs/content.md#what-related-fields-cost), naming the field that takes the
 * count past it. A single type's page holds its one entry (one per locale when it is translated).
 */
export const checkRelatedPerPage = (
  model: Pick<Model, 'single' | 'localized'>,
  selected: Selected[],
  locales: SiteLocales,
  max: number
) => {
  const locale = Math.max(1, locales.codes.size);
  const records = model.single ? (model.localized ? locale : 1) : LIMITS.pageSize;
  const shares = sharesOf(selected, records, locales.codes.size);
  const worst = total(shares);
  if (worst <= max) return;
  let sum = 0;
  const { field, at, related } = shares.find((share) => (sum += share.records) > max)!.selected;
  throw new DefinitionError(
    field.kind === 'relation' && related?.many ? [...at, 'limit'] : at,
    `one page would answer up to ${worst} related records, "${field.name}" taking it past ${max} (related.maxRecordsPerAnswer): give them lower limits or fewer fields`
  );
};
