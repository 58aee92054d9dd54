import type { EndpointDefinition } from '../../../contracts/definition';
import type { RateLimit } from '../../../contracts/rate-limit';
import {
  MAX_TOLD_CHANGES,
  type ListSetting,
  type PlannedItem,
  type SettingChange,
  type ValueSetting,
} from '../../../contracts/transfer';
import { sameJson } from '../utils/same-json';

type Value = string | number | boolean | RateLimit | null;

/** The changes of values between `before` and `after`, by setting, in the order given. */
const valueChanges = (pairs: Array<[ValueSetting, Value, Value]>): SettingChange[] =>
  pairs.flatMap(([setting, before, after]) => (sameJson(before, after) ? [] : [{ setting, before, after }]));

/** What `after` adds to `before` and takes from it, as the two list settings name them. */
const listChanges = (
  [added, removed]: [ListSetting, ListSetting],
  before: readonly string[],
  after: readonly string[]
): SettingChange[] => {
  const [was, will] = [new Set(before), new Set(after)];
  return [
    { setting: added, items: after.filter((item) => !was.has(item)) },
    { setting: removed, items: before.filter((item) => !will.has(item)) },
  ].filter((change) => change.items.length > 0);
};

/** The members of a definition told apart, on their own lines; the others are named together when they change. */
const TOLD_MEMBERS = new Set(['name', 'path', 'type', 'object', 'fields', 'auth', 'rateLimit', 'cache']);

/**
 * What importing `after` over the stored `before` changes, in words the preview gives (a value before and after,
 * fields and keys added and removed, the other members named): keys by name (`keys`: the names each side allows).
 */
export const endpointChanges = (
  before: EndpointDefinition,
  after: EndpointDefinition,
  keys: { before: string[]; after: string[] }
): SettingChange[] => {
  const fieldNames = (d: EndpointDefinition) => d.fields.map((f) => f.name);
  const sameFieldNames = sameJson(fieldNames(before), fieldNames(after));
  const members = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const other = members.filter(
    (m) =>
      (!TOLD_MEMBERS.has(m) || (m === 'fields' && sameFieldNames)) &&
      !sameJson(before[m as keyof EndpointDefinition], after[m as keyof EndpointDefinition])
  );
  return [
    ...valueChanges([
      ['name', before.name, after.name],
      ['path', before.path, after.path],
      ['type', before.type, after.type],
      ['object', before.object, after.object],
      ['auth', before.auth.method, after.auth.method],
      ['rateLimit', before.rateLimit ?? null, after.rateLimit ?? null],
      ['cache', before.cache?.maxAgeSeconds ?? null, after.cache?.maxAgeSeconds ?? null],
      ['sharedMaxAge', before.cache?.sharedMaxAgeSeconds ?? null, after.cache?.sharedMaxAgeSeconds ?? null],
      [
        'staleWhileRevalidate',
        before.cache?.staleWhileRevalidateSeconds ?? null,
        after.cache?.staleWhileRevalidateSeconds ?? null,
      ],
    ]),
    ...listChanges(['fieldsAdded', 'fieldsRemoved'], fieldNames(before), fieldNames(after)),
    ...listChanges(['keysAdded', 'keysRemoved'], keys.before, keys.after),
    ...(other.length ? [{ setting: 'otherSettings' as const, items: other }] : []),
  ];
};

/** What a document shows, as an import compares it: its endpoints by route. */
export interface ShownDocument {
  title: string;
  version: string;
  description: string;
  public: boolean;
  routes: string[];
}

/** What importing the document `after` over the stored `before` changes. */
export const documentChanges = (before: ShownDocument, after: ShownDocument): SettingChange[] => [
  ...valueChanges([
    ['name', before.title, after.title],
    ['version', before.version, after.version],
    ['description', before.description, after.description],
    ['public', before.public, after.public],
  ]),
  ...listChanges(['endpointsAdded', 'endpointsRemoved'], before.routes, after.routes),
];

/** A key's own settings before and after an import (absent in the file: left as it is, so unchanged). */
export const keyChanges = (
  before: { rateLimit: RateLimit | null; preview: boolean },
  after: { rateLimit?: RateLimit | null; preview?: boolean }
): SettingChange[] =>
  valueChanges([
    ['rateLimit', before.rateLimit, after.rateLimit === undefined ? before.rateLimit : after.rateLimit],
    ['preview', before.preview, after.preview ?? before.preview],
  ]);

/** The changes a preview tells of an item: the first `MAX_TOLD_CHANGES`, and how many more there are. */
export const toldChanges = (changes: SettingChange[]): Pick<PlannedItem, 'changes' | 'moreChanges'> => ({
  changes: changes.slice(0, MAX_TOLD_CHANGES),
  moreChanges: Math.max(0, changes.length - MAX_TOLD_CHANGES),
});
