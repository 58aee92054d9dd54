import { DIMENSION_FORMATS } from '../../../contracts/aggregate';
import { useT } from '../hooks/useT';
import { RowField, RowSelect, RowText } from './AggregateControls';
import type { Settings } from './aggregateSettings';
import { isMeasureOp, measureOptions } from './measureOps';
import { operatorWords } from './operators';
import { Rows } from './Rows';

type Dimension = Settings['dimensions'][number];
type Measure = Settings['measures'][number];
type QueryFilter = Settings['queryFilters'][number];

/** The directions a dimension or the ranking sorts in, as a select's options. */
export const useDirections = (): Array<[string, string]> => {
  const t = useT();
  return [
    ['asc', t('builder.sort.asc')],
    ['desc', t('builder.sort.desc')],
  ];
};

/** An Aggregate's dimensions: the groups, each a field (with a date format) on the row or the column axis. */
export const DimensionRows = ({ items, onChange }: { items: Dimension[]; onChange: (items: Dimension[]) => void }) => {
  const t = useT();
  const dir = useDirections();
  return (
    <Rows<Dimension>
      items={items}
      testId="aggregate-dimension"
      place={(i) => ['aggregate', 'dimensions', i]}
      addLabel={t('builder.aggregate.addDimension')}
      make={() => ({ variable: '', field: '', axis: 'row', dir: 'asc' })}
      onChange={onChange}
      row={(d, update, i) => (
        <>
          <RowText
            label={t('builder.aggregate.variable')}
            hint={t('builder.aggregate.variable.dimensionHint')}
            box={['dimensions', i, 'variable']}
            value={d.variable}
            onChange={(variable) => update({ variable })}
          />
          <RowField
            hint={t('builder.aggregate.field.hint')}
            box={['dimensions', i, 'field']}
            value={d.field}
            onChange={(field) => update({ field })}
          />
          <RowSelect
            label={t('builder.aggregate.axis')}
            hint={t('builder.aggregate.axis.hint')}
            box={['dimensions', i, 'axis']}
            value={d.axis}
            options={[
              ['row', t('builder.aggregate.axis.row')],
              ['column', t('builder.aggregate.axis.column')],
            ]}
            onChange={(axis) => update({ axis: axis as Dimension['axis'] })}
          />
          <RowSelect
            label={t('builder.sort.dir')}
            box={['dimensions', i, 'dir']}
            value={d.dir}
            options={dir}
            onChange={(v) => update({ dir: v as Dimension['dir'] })}
          />
          <RowSelect
            label={t('builder.aggregate.format')}
            box={['dimensions', i, 'format']}
            value={d.format ?? ''}
            options={[
              ['', t('builder.aggregate.format.none')],
              ...DIMENSION_FORMATS.map((f): [string, string] => [f, f]),
            ]}
            onChange={(format) => update({ format: DIMENSION_FORMATS.find((f) => f === format) })}
          />
        </>
      )}
    />
  );
};

/** An Aggregate's measures: each an operation (a count, a sum...) on a field, computed per group. */
export const MeasureRows = ({ items, onChange }: { items: Measure[]; onChange: (items: Measure[]) => void }) => {
  const t = useT();
  return (
    <Rows<Measure>
      items={items}
      testId="aggregate-measure"
      place={(i) => ['aggregate', 'measures', i]}
      addLabel={t('builder.aggregate.addMeasure')}
      make={() => ({ variable: '', op: 'count' })}
      onChange={onChange}
      row={(m, update, i) => (
        <>
          <RowText
            label={t('builder.aggregate.variable')}
            hint={t('builder.aggregate.variable.measureHint')}
            box={['measures', i, 'variable']}
            value={m.variable}
            onChange={(variable) => update({ variable })}
          />
          <RowSelect
            label={t('builder.aggregate.op')}
            box={['measures', i, 'op']}
            value={m.op}
            options={measureOptions(t)}
            onChange={(op) => {
              if (isMeasureOp(op)) update({ op, ...(op === 'count' ? { field: undefined } : {}) });
            }}
          />
          {m.op !== 'count' && (
            <RowField box={['measures', i, 'field']} value={m.field ?? ''} onChange={(field) => update({ field })} />
          )}
        </>
      )}
    />
  );
};

/** An Aggregate's query filters: a query string key the caller sets, compared with a field. */
export const QueryFilterRows = ({
  items,
  onChange,
}: {
  items: QueryFilter[];
  onChange: (items: QueryFilter[]) => void;
}) => {
  const t = useT();
  return (
    <Rows<QueryFilter>
      items={items}
      place={(i) => ['aggregate', 'queryFilters', i]}
      addLabel={t('builder.aggregate.addQueryFilter')}
      make={() => ({ param: '', field: '', op: 'eq' })}
      onChange={onChange}
      row={(f, update, i) => (
        <>
          <RowText
            label={t('builder.aggregate.param')}
            hint={t('builder.aggregate.param.hint')}
            box={['queryFilters', i, 'param']}
            value={f.param}
            onChange={(param) => update({ param })}
          />
          <RowField box={['queryFilters', i, 'field']} value={f.field} onChange={(field) => update({ field })} />
          <RowSelect
            label={t('builder.filter.operator')}
            box={['queryFilters', i, 'op']}
            value={f.op}
            options={[
              ['eq', operatorWords(t, '$eq')],
              ['gt', operatorWords(t, '$gt')],
              ['lt', operatorWords(t, '$lt')],
            ]}
            onChange={(op) => update({ op: op as QueryFilter['op'] })}
          />
        </>
      )}
    />
  );
};
