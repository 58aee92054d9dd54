import type { EndpointDefinition, MediaUrls } from '../../../../contracts/definition';
import type { Dialect } from '../dialect';
import type { Executor } from '../executor';
import { holdsComponents, type ColumnField, type ComponentsField } from '../model';
import type { Status } from '../status';
import { OWNERS_PER_QUERY, planOf, type FieldPlan, type PartPlan } from './plan';

type Item = Record<string, unknown>;
type MediaShape = NonNullable<EndpointDefinition['media']>;

/** Turns file ids into what the List answers (the files domain's `FileUrls`), handed in by the List. */
export interface MediaPresenter {
  present(
    items: Item[],
    columns: Array<{ name: string }>,
    issuer: { endpointId: number; subject?: string },
    base: string,
    shape?: MediaShape,
    urls?: MediaUrls
  ): Promise<void>;
}

/** A component read for an owner row: its place among the owner's components, and its answer. */
interface Loaded {
  owner: number;
  position: number;
  id: number;
  value: Item;
}

export interface ComponentReaderOptions {
  status: Status;
  endpointId: number;
  /** The base of signed file URLs. */
  base: string;
  media?: MediaShape;
  mediaUrls?: MediaUrls;
}

const emptyOf = (plan: FieldPlan) => (plan.single ? null : []);

/**
 * Reads the component fields and dynamic zones of a List page after the page query: per field, one query per
 * component type and nesting level for the whole page (owners in batches of OWNERS_PER_QUERY), never one per row.
 * Null when the List returns none: plain Lists do no extra work.
 */
export const createComponentReader = (
  fields: Array<ColumnField | ComponentsField>,
  deps: { dialect: Dialect; executor: Executor; files: { urls: MediaPresenter } },
  options: ComponentReaderOptions
) => {
  const plans = fields.filter(holdsComponents).map((field) => planOf(field, deps.dialect, options.status));
  if (!plans.length) return null;

  const rowsOf = async (part: PartPlan, field: string, owners: number[]) => {
    const rows: unknown[][] = [];
    for (let start = 0; start < owners.length; start += OWNERS_PER_QUERY) {
      const batch = owners.slice(start, start + OWNERS_PER_QUERY);
      const missing = new Array<null>(OWNERS_PER_QUERY - batch.length).fill(null);
      rows.push(...(await deps.executor.arrays(part.sql, [field, part.uid, ...batch, ...missing])));
    }
    return rows;
  };

  const readPart = async (plan: FieldPlan, part: PartPlan, owners: number[], subject?: string): Promise<Loaded[]> => {
    const loaded = (await rowsOf(part, plan.name, owners)).map((row) => {
      const value: Item = plan.tagged ? { __component: part.uid } : {};
      for (const entry of part.entries) {
        value[entry.name] = 'nested' in entry ? null : entry.codec.fromDb(row[entry.column]);
      }
      return { owner: Number(row[0]), position: Number(row[1]), id: Number(row[2]), value };
    });
    if (!loaded.length) return loaded;
    const ids = loaded.map((l) => l.id);
    const values = loaded.map((l) => l.value);
    const nested = part.entries.flatMap((entry) => ('nested' in entry ? [entry.nested] : []));
    await Promise.all([
      ...nested.map(async (inner) => {
        const byOwner = await readField(inner, ids, subject);
        for (const l of loaded) l.value[inner.name] = byOwner.get(l.id) ?? emptyOf(inner);
      }),
      part.media.length
        ? deps.files.urls.present(
            values,
            part.media,
            { endpointId: options.endpointId, subject },
            options.base,
            options.media,
            options.mediaUrls
          )
        : null,
    ]);
    return loaded;
  };

  /** The value of `plan` for each owner that has components there. */
  const readField = async (plan: FieldPlan, owners: number[], subject?: string): Promise<Map<number, unknown>> => {
    const parts = await Promise.all(plan.parts.map((part) => readPart(plan, part, owners, subject)));
    // Each part comes ordered; a dynamic zone's entries of several types are merged by position.
    const all =
      parts.length === 1
        ? parts[0]
        : parts.flat().sort((a, b) => a.owner - b.owner || a.position - b.position || a.id - b.id);
    const byOwner = new Map<number, unknown>();
    for (const { owner, value } of all) {
      if (plan.single) {
        if (!byOwner.has(owner)) byOwner.set(owner, value);
        continue;
      }
      const list = byOwner.get(owner) as Item[] | undefined;
      if (list) list.push(value);
      else byOwner.set(owner, [value]);
    }
    return byOwner;
  };

  return {
    /**
     * Replaces, in each item, the row id that a component field holds (see buildListSql) by its components;
     * their file URLs are issued to `subject`.
     */
    async load(items: Item[], subject?: string) {
      if (!items.length) return;
      const owners = items.map((item) => Number(item[plans[0].name]));
      await Promise.all(
        plans.map(async (plan) => {
          const byOwner = await readField(plan, owners, subject);
          items.forEach((item, i) => {
            item[plan.name] = byOwner.get(owners[i]) ?? emptyOf(plan);
          });
        })
      );
    },
  };
};
