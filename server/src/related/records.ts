import { createComponentReader, type ComponentReaderOptions, type MediaPresenter } from '../query/components/load';
import type { Dialect } from '../query/dialect';
import type { Executor } from '../query/executor';
import { idListCodec } from '../query/codecs';
import { listedColumn, type SelectList } from '../query/list-sql';
import type { Model } from '../query/model';
import type { RelatedBudget } from './budget';
import { compileInside, insideWork, type InsidePlan } from './inside';
import { localizationsColumn } from './localizations';
import { compileRelated, type RecordReader, type RelatedPlan } from './related-plan';
import { listedFields, type Selected } from './selection';

type Item = Record<string, unknown>;

/** What reading records needs, built once per definitions reload. */
export interface RecordDeps {
  dialect: Dialect;
  executor: Executor;
  files: { urls: MediaPresenter };
}

/**
 * The select list of the selected fields of `model`'s rows (`t0`); `id` is `recordId` where the statement has the
 * record id at hand (a List joins the draft of a Draft & Publish row), not a lookup per row.
 */
const selectOf = (
  model: Model,
  selected: Selected[],
  dialect: Dialect,
  options: ComponentReaderOptions,
  recordId: string | undefined
) => {
  const expressions: string[] = [];
  const columns: SelectList['columns'] = [];
  for (const { field } of selected) {
    const { expression, codec } =
      field.kind === 'localizations'
        ? { expression: localizationsColumn(model, dialect, options.status), codec: idListCodec }
        : listedColumn(model, field, dialect, options.status);
    expressions.push(field.name === 'id' && recordId ? recordId : expression);
    columns.push({ name: field.name, codec });
  }
  return { expressions, columns };
};

/**
 * How records of `model` are answered with the selected fields, compiled once per definition: their select
 * list, then what completes the rows read (components, file URLs, related records), each a bounded number of
 * statements for all the records at hand. Used for a List's page and, recursively, for related records.
 */
export const createRecordReader = (
  model: Model,
  selected: Selected[],
  deps: RecordDeps,
  options: ComponentReaderOptions,
  /** The record id of the rows read, where their statement joins it (see selectOf); related records have none. */
  recordId?: string
): RecordReader => {
  const readerOf = (target: Model, fields: Selected[]) => createRecordReader(target, fields, deps, options);
  const relatedOf = (s: Selected & { related: NonNullable<Selected['related']> }) =>
    compileRelated(s, { ...deps, status: options.status }, readerOf);
  const listed = listedFields(selected);
  const components = createComponentReader(listed, deps, options);
  const media = listed.filter((f) => f.kind === 'media').map((f) => ({ name: f.name }));
  const related: RelatedPlan[] = [];
  const inside: InsidePlan[] = [];
  for (const s of selected) {
    if (s.related) related.push(relatedOf({ ...s, related: s.related }));
    if (s.inside) inside.push(compileInside({ ...s, inside: s.inside }, relatedOf));
  }
  const finish =
    components || media.length || related.length || inside.length
      ? async (items: Item[], subject: string | undefined, budget: RelatedBudget) => {
          if (!items.length) return;
          await Promise.all([
            components?.load(items, subject),
            media.length
              ? deps.files.urls.present(
                  items,
                  media,
                  { endpointId: options.endpointId, subject },
                  options.base,
                  options.media,
                  options.mediaUrls
                )
              : null,
            ...related.map((plan) => plan.expand(items, subject, budget)),
          ]);
          // Relations inside components are read once the components are.
          const work: Array<() => Promise<void>> = [];
          for (const plan of inside) insideWork(items, plan, work, subject, budget);
          await Promise.all(work.map((run) => run()));
        }
      : null;
  return { select: selectOf(model, selected, deps.dialect, options, recordId), finish };
};
