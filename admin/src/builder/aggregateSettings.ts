import type { AggregateSettings } from '../../../contracts/aggregate';
import { isPlainObject } from '../../../contracts/json';
import type { Problem } from '../../../contracts/problems';
import { parsedOrNull } from './values';

/**
 * The settings as the contract's schema gives them, with anything else the JSON holds kept as it is (the editor
 * shows the lists; the server checks the whole).
 */
export type Settings = AggregateSettings & { [other: string]: unknown };

const LISTS = ['dimensions', 'measures', 'queryFilters'] as const;

/** The settings in `text`, or null when they are not an object of lists the editor can show. */
export const settingsOf = (text: string): Settings | null => {
  const value = parsedOrNull(text, '{}');
  if (!isPlainObject(value)) return null;
  if (LISTS.some((key) => value[key] !== undefined && !Array.isArray(value[key]))) return null;
  return {
    ...value,
    dimensions: (value.dimensions ?? []) as Settings['dimensions'],
    measures: (value.measures ?? []) as Settings['measures'],
    queryFilters: (value.queryFilters ?? []) as Settings['queryFilters'],
  };
};

/** The boxes of each row, by the keys of its JSON. */
const BOXES: Record<(typeof LISTS)[number], string[]> = {
  dimensions: ['variable', 'field', 'axis', 'dir', 'format'],
  measures: ['variable', 'op', 'field'],
  queryFilters: ['param', 'field', 'op'],
};
const TOP = ['sortMeasure', 'limit', 'maxItems'];

const isList = (step: unknown): step is (typeof LISTS)[number] => LISTS.some((list) => list === step);

/**
 * The box of the editor that shows a problem at `path` inside the settings (`['measures', 0, 'field']`): the box
 * of that key in that row; a problem with the row as a whole (a measure's operation on the wrong field) at its
 * field box (a count has none: its variable's). Null when no box shows it (the section does).
 */
export const boxOf = (path: Problem['path'], settings: Settings | null): Problem['path'] | null => {
  const [list, i, key] = path;
  if (typeof list === 'string' && TOP.includes(list)) return [list];
  if (!settings || !isList(list) || typeof i !== 'number' || i >= settings[list].length) return null;
  if (typeof key === 'string' && BOXES[list].includes(key)) return [list, i, key];
  const countOnly = list === 'measures' && settings.measures[i].op === 'count';
  return [list, i, countOnly ? 'variable' : 'field'];
};
