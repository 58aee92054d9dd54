import { Flex, Typography } from '@strapi/design-system';
import { DIMENSION_FORMATS, MEASURE_OPS, type AggregateSettings } from '../../../contracts/aggregate';
import { isPlainObject } from '../../../contracts/json';
import { useT } from '../hooks/useT';
import { RowNumber, RowSelect, RowText } from './AggregateControls';
import { JsonOrForm } from './JsonOrForm';
import { operatorWords } from './operators';
import { Rows } from './Rows';
import { parsedOrNull } from './values';

/**
 * The settings as the contract's schema gives them, with anything else the JSON holds kept as it is (the editor
 * shows the lists; the server checks the whole).
 */
type Settings = AggregateSettings & { [other: string]: unknown };
type Dimension = Settings['dimensions'][number];
type Measure = Settings['measures'][number];
type QueryFilter = Settings['queryFilters'][number];

/** The settings in `text`, or null when they are not an object of lists the editor can show. */
const settingsOf = (text: string): Settings | null => {
  const value = parsedOrNull(text, '{}');
  if (!isPlainObject(value)) return null;
  const lists = ['dimensions', 'measures', 'queryFilters'];
  if (lists.some((key) => value[key] !== undefined && !Array.isArray(value[key]))) return null;
  return {
    ...value,
    dimensions: (value.dimensions ?? []) as Settings['dimensions'],
    measures: (value.measures ?? []) as Settings['measures'],
    queryFilters: (value.queryFilters ?? []) as Settings['queryFilters'],
  };
};

/**
 * An Aggregate's settings (docs/aggregate.md): dimensions, measures, the top-N, query filters and the cap,
 * row by row, or as JSON.
 */
export const AggregateEditor = ({
  text,
  fields,
  onChange,
}: {
  text: string;
  fields: string[];
  onChange: (text: string) => void;
}) => {
  const t = useT();
  const settings = settingsOf(text);
  const save = (change: Partial<Settings>) => {
    const next: Settings = { ...settings!, ...change };
    for (const key of ['sortMeasure', 'limit', 'maxItems'] as const) if (next[key] === undefined) delete next[key];
    onChange(JSON.stringify(next, null, 2));
  };
  const dir: Array<[string, string]> = [
    ['asc', t('builder.sort.asc')],
    ['desc', t('builder.sort.desc')],
  ];
  return (
    <JsonOrForm
      label={t('builder.aggregate')}
      formLabel={t('builder.aggregate.rows')}
      text={text}
      onChange={onChange}
      form={
        settings && (
          <>
            <datalist id="data-api-aggregate-fields">
              {fields.map((f) => (
                <option key={f} value={f} />
              ))}
            </datalist>
            <Typography variant="sigma">{t('builder.aggregate.dimensions')}</Typography>
            <Rows<Dimension>
              items={settings.dimensions}
              testId="aggregate-dimension"
              addLabel={t('builder.aggregate.addDimension')}
              make={() => ({ variable: '', field: '', axis: 'row', dir: 'asc' })}
              onChange={(dimensions) => save({ dimensions })}
              row={(d, update) => (
                <>
                  <RowText
                    label={t('builder.aggregate.variable')}
                    hint={t('builder.aggregate.variable.dimensionHint')}
                    value={d.variable}
                    onChange={(variable) => update({ variable })}
                  />
                  <RowText
                    label={t('builder.filter.field')}
                    hint={t('builder.aggregate.field.hint')}
                    list="data-api-aggregate-fields"
                    value={d.field}
                    onChange={(field) => update({ field })}
                  />
                  <RowSelect
                    label={t('builder.aggregate.axis')}
                    hint={t('builder.aggregate.axis.hint')}
                    value={d.axis}
                    options={[
                      ['row', t('builder.aggregate.axis.row')],
                      ['column', t('builder.aggregate.axis.column')],
                    ]}
                    onChange={(axis) => update({ axis: axis as Dimension['axis'] })}
                  />
                  <RowSelect
                    label={t('builder.sort.dir')}
                    value={d.dir}
                    options={dir}
                    onChange={(v) => update({ dir: v as Dimension['dir'] })}
                  />
                  <RowSelect
                    label={t('builder.aggregate.format')}
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
            <Typography variant="sigma">{t('builder.aggregate.measures')}</Typography>
            <Rows<Measure>
              items={settings.measures}
              testId="aggregate-measure"
              addLabel={t('builder.aggregate.addMeasure')}
              make={() => ({ variable: '', op: 'count' })}
              onChange={(measures) => save({ measures })}
              row={(m, update) => (
                <>
                  <RowText
                    label={t('builder.aggregate.variable')}
                    hint={t('builder.aggregate.variable.measureHint')}
                    value={m.variable}
                    onChange={(variable) => update({ variable })}
                  />
                  <RowSelect
                    label={t('builder.aggregate.op')}
                    value={m.op}
                    options={MEASURE_OPS.map((op): [string, string] => [op, op])}
                    onChange={(choice) => {
                      // The options are the contract's operations: `find` only narrows the select's string.
                      const op = MEASURE_OPS.find((o) => o === choice);
                      if (op) update({ op, ...(op === 'count' ? { field: undefined } : {}) });
                    }}
                  />
                  {m.op !== 'count' && (
                    <RowText
                      label={t('builder.filter.field')}
                      list="data-api-aggregate-fields"
                      value={m.field ?? ''}
                      onChange={(field) => update({ field })}
                    />
                  )}
                </>
              )}
            />
            <Typography variant="sigma">{t('builder.aggregate.top')}</Typography>
            <Flex gap={2} wrap="wrap" alignItems="start">
              <RowSelect
                label={t('builder.aggregate.sortMeasure')}
                hint={t('builder.aggregate.sortMeasure.hint')}
                value={settings.sortMeasure?.variable ?? ''}
                options={[
                  ['', t('builder.aggregate.sortMeasure.none')],
                  ...settings.measures.map((m): [string, string] => [m.variable, m.variable]),
                ]}
                onChange={(variable) =>
                  save({ sortMeasure: variable ? { variable, dir: settings.sortMeasure?.dir ?? 'desc' } : undefined })
                }
              />
              {settings.sortMeasure && (
                <RowSelect
                  label={t('builder.sort.dir')}
                  value={settings.sortMeasure.dir}
                  options={dir}
                  onChange={(v) => save({ sortMeasure: { ...settings.sortMeasure!, dir: v as 'asc' | 'desc' } })}
                />
              )}
              <RowNumber
                label={t('builder.aggregate.limit')}
                hint={t('builder.aggregate.limit.hint')}
                value={settings.limit}
                onChange={(limit) => save({ limit })}
              />
            </Flex>
            <Typography variant="sigma">{t('builder.aggregate.queryFilters')}</Typography>
            <Rows<QueryFilter>
              items={settings.queryFilters}
              addLabel={t('builder.aggregate.addQueryFilter')}
              make={() => ({ param: '', field: '', op: 'eq' })}
              onChange={(queryFilters) => save({ queryFilters })}
              row={(f, update) => (
                <>
                  <RowText
                    label={t('builder.aggregate.param')}
                    hint={t('builder.aggregate.param.hint')}
                    value={f.param}
                    onChange={(param) => update({ param })}
                  />
                  <RowText
                    label={t('builder.filter.field')}
                    list="data-api-aggregate-fields"
                    value={f.field}
                    onChange={(field) => update({ field })}
                  />
                  <RowSelect
                    label={t('builder.filter.operator')}
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
            <Flex gap={2} wrap="wrap">
              <RowNumber
                label={t('builder.aggregate.maxItems')}
                hint={t('builder.aggregate.maxItems.hint')}
                value={settings.maxItems}
                onChange={(maxItems) => save({ maxItems })}
              />
            </Flex>
          </>
        )
      }
    />
  );
};
