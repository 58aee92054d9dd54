import { Flex, Typography } from '@strapi/design-system';
import { useT } from '../hooks/useT';
import { AggregateScopeContext, RowNumber, RowSelect, type AggregateScope } from './AggregateControls';
import { DimensionRows, MeasureRows, QueryFilterRows, useDirections } from './AggregateRows';
import { settingsOf, type Settings } from './aggregateSettings';
import { JsonOrForm } from './JsonOrForm';

/**
 * An Aggregate's settings (docs/aggregate.md): dimensions, measures, the top-N, query filters and the cap,
 * row by row, or as JSON. `scope` gives the fields to pick and the problems at each box.
 */
export const AggregateEditor = ({
  text,
  scope,
  onChange,
}: {
  text: string;
  scope: AggregateScope;
  onChange: (text: string) => void;
}) => {
  const t = useT();
  const dir = useDirections();
  const settings = settingsOf(text);
  const save = (change: Partial<Settings>) => {
    const next: Settings = { ...settings!, ...change };
    for (const key of ['sortMeasure', 'limit', 'maxItems'] as const) if (next[key] === undefined) delete next[key];
    onChange(JSON.stringify(next, null, 2));
  };
  return (
    <JsonOrForm
      label={t('builder.aggregate')}
      formLabel={t('builder.aggregate.rows')}
      text={text}
      onChange={onChange}
      form={
        settings && (
          <AggregateScopeContext.Provider value={scope}>
            <Typography variant="sigma">{t('builder.aggregate.dimensions')}</Typography>
            <DimensionRows items={settings.dimensions} onChange={(dimensions) => save({ dimensions })} />
            <Typography variant="sigma">{t('builder.aggregate.measures')}</Typography>
            <MeasureRows items={settings.measures} onChange={(measures) => save({ measures })} />
            <Typography variant="sigma">{t('builder.aggregate.top')}</Typography>
            <Flex gap={2} wrap="wrap" alignItems="start">
              <RowSelect
                label={t('builder.aggregate.sortMeasure')}
                hint={t('builder.aggregate.sortMeasure.hint')}
                box={['sortMeasure']}
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
                box={['limit']}
                value={settings.limit}
                onChange={(limit) => save({ limit })}
              />
            </Flex>
            <Typography variant="sigma">{t('builder.aggregate.queryFilters')}</Typography>
            <QueryFilterRows items={settings.queryFilters} onChange={(queryFilters) => save({ queryFilters })} />
            <Flex gap={2} wrap="wrap">
              <RowNumber
                label={t('builder.aggregate.maxItems')}
                hint={t('builder.aggregate.maxItems.hint')}
                box={['maxItems']}
                value={settings.maxItems}
                onChange={(maxItems) => save({ maxItems })}
              />
            </Flex>
          </AggregateScopeContext.Provider>
        )
      }
    />
  );
};
