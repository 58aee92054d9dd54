import type { AggregateSettings } from '../../../contracts/aggregate';

/** The measures an aggregate computes: with none configured, the number of records per group. */
export const measuresOf = (settings: AggregateSettings) =>
  settings.measures.length ? settings.measures : [{ variable: 'count', op: 'count' as const, field: undefined }];

/** Row dimensions first, then column ones: the order of the statement's GROUP BY and of `meta.dimensions`. */
export const orderedDimensions = <D extends { axis: 'row' | 'column' }>(dimensions: D[]) => [
  ...dimensions.filter((d) => d.axis === 'row'),
  ...dimensions.filter((d) => d.axis === 'column'),
];

/** `meta` of an Aggregate answer (docs/aggregate.md): the same for every request of an endpoint. */
export const aggregateMeta = (settings: AggregateSettings) => ({
  dimensions: orderedDimensions(settings.dimensions).map((d) => ({
    variable: d.variable,
    field: d.field,
    axis: d.axis,
    dir: d.dir,
    ...(d.format ? { format: d.format } : {}),
  })),
  measures: measuresOf(settings).map((m) => ({
    variable: m.variable,
    op: m.op,
    ...(m.field ? { field: m.field } : {}),
  })),
});
