import { HOUR_MS, HOURLY_UP_TO_HOURS, type UsageGroup, type UsageSeries } from '../../../contracts/usage';
import { hourOf } from './buckets';
import { addSums, countsOf, noSums } from './counts';
import type { SumRow } from '../stored/stored-usage-bucket';

/** The hours a series covers and the periods it answers in. */
export interface SeriesRange {
  fromHour: number;
  toHour: number;
  slotHours: 1 | 24;
  /** The first hour of the first period (a UTC midnight for days). */
  firstSlot: number;
}

/**
 * The hours from the one holding `from` to the one holding `to` (an hour `to` starts is left out), answered
 * hour by hour up to a week and per UTC day beyond.
 */
export const seriesRange = (from: string, to: string): SeriesRange => {
  const fromHour = hourOf(Date.parse(from));
  const toHour = Math.ceil(Date.parse(to) / HOUR_MS);
  const slotHours = toHour - fromHour <= HOURLY_UP_TO_HOURS ? 1 : 24;
  return { fromHour, toHour, slotHours, firstSlot: fromHour - (fromHour % slotHours) };
};

/** How a group is named: its label now, or the route its rows hold for an endpoint that is gone. */
export type Labeller = (group: number, route: string) => Pick<UsageGroup, 'label' | 'name' | 'gone'>;

/**
 * A series from the rows summed per period and group: every period of the range, with zeros where nothing was
 * counted, per group (busiest first) and for all groups together.
 */
export const buildSeries = (range: SeriesRange, rows: SumRow[], labelOf: Labeller): UsageSeries => {
  const slots = Math.ceil((range.toHour - range.firstSlot) / range.slotHours);
  const times = Array.from({ length: slots }, (_, i) =>
    new Date((range.firstSlot + i * range.slotHours) * HOUR_MS).toISOString()
  );
  const perSlot = () => Array.from({ length: slots }, noSums);
  const all = { totals: noSums(), points: perSlot() };
  const groups = new Map<number, { route: string; totals: number[]; points: number[][] }>();
  for (const row of rows) {
    const index = ((row.slot ?? range.firstSlot) - range.firstSlot) / range.slotHours;
    let group = groups.get(row.group);
    if (!group) groups.set(row.group, (group = { route: row.route, totals: noSums(), points: perSlot() }));
    for (const into of [group.totals, group.points[index], all.totals, all.points[index]]) addSums(into, row.sums);
  }
  return {
    step: range.slotHours === 1 ? 'hour' : 'day',
    times,
    totals: countsOf(all.totals),
    points: all.points.map(countsOf),
    groups: [...groups.entries()]
      .sort(([a, x], [b, y]) => y.totals[0] - x.totals[0] || a - b)
      .map(([id, group]) => ({
        id,
        ...labelOf(id, group.route),
        totals: countsOf(group.totals),
        points: group.points.map(countsOf),
      })),
  };
};
