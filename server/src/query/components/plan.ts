import { LIMITS } from '../../../../contracts/limits';
import { codecFor, type Codec } from '../codecs';
import { quoter, type Dialect } from '../dialect';
import { mediaColumn, relationColumn, ROOT } from '../list-sql';
import {
  holdsComponents,
  type ColumnField,
  type ComponentLink,
  type ComponentModel,
  type ComponentsField,
} from '../model';
import type { Status } from '../status';
import { componentsOf, componentValueFields } from './fields';

/** Owners whose components one query reads: a page of rows; more (components of components) take more queries. */
export const OWNERS_PER_QUERY = LIMITS.pageSize;

/** One field of a component's answer: a value of its row (at `column` of the query's rows) or components of its own. */
export type ComponentEntry = { name: string; column: number; codec: Codec } | { name: string; nested: FieldPlan };

/** How the components of one type in one field are read, for up to OWNERS_PER_QUERY owners at once. */
export interface PartPlan {
  uid: string;
  /**
   * Rows: owner id, position, component row id, then the entries' values; binds the field name, the component
   * uid and OWNERS_PER_QUERY owner ids (NULL for the missing ones: one statement whatever the page holds).
   */
  sql: string;
  /** The answer's fields, in the schema's order (never the component's own id). */
  entries: ComponentEntry[];
  /** The media fields among the entries, answered as the List's own media fields are. */
  media: Array<{ name: string }>;
}

/** A component field or dynamic zone, compiled once per definition. */
export interface FieldPlan {
  name: string;
  /** A single component: one object or null; otherwise an array. */
  single: boolean;
  /** A dynamic zone: each object names its component first (`__component`). */
  tagged: boolean;
  parts: PartPlan[];
}

/** A value of the component row `t0`: media and relations as the List reads them on its own rows. */
const valueOf = (component: ComponentModel, field: ColumnField, dialect: Dialect, status: Status) => {
  if (field.kind === 'relation') return relationColumn(field, dialect, status);
  if (field.kind === 'media') return mediaColumn(component, field, dialect);
  return `${ROOT}.${quoter(dialect)(field.column)}`;
};

const partOf = (link: ComponentLink, component: ComponentModel, dialect: Dialect, status: Status): PartPlan => {
  const q = quoter(dialect);
  const fields = componentValueFields(component);
  const entries: ComponentEntry[] = [];
  const values: string[] = [];
  for (const field of fields) {
    if (holdsComponents(field)) {
      entries.push({ name: field.name, nested: planOf(field, dialect, status) });
    } else {
      entries.push({ name: field.name, column: 3 + values.length, codec: codecFor(field, dialect) });
      values.push(`${valueOf(component, field, dialect, status)} AS c${values.length}`);
    }
  }
  const owner = `k.${q(link.entityColumn)}`;
  const position = `k.${q(link.orderColumn)}`;
  const id = `${ROOT}.${q('id')}`;
  const owners = Array.from({ length: OWNERS_PER_QUERY }, () => '?').join(', ');
  // SQLite keeps no statistics (Strapi never runs ANALYZE) and would search by the field or type index, reading
  // every component of the type (34 ms at 100,000 posts); a unary `+` keeps it to the owners' `entity_id` index.
  const [field, type] = [link.fieldColumn, link.typeColumn].map((c) => `${dialect === 'sqlite' ? '+' : ''}k.${q(c)}`);
  const sql =
    `SELECT ${[owner, position, id, ...values].join(', ')}` +
    ` FROM ${q(link.table)} k JOIN ${q(component.table)} ${ROOT} ON ${id} = k.${q(link.componentColumn)}` +
    ` WHERE ${field} = ? AND ${type} = ? AND ${owner} IN (${owners})` +
    ` ORDER BY ${owner}, ${position}, ${id}`;
  const media = fields.filter((f) => f.kind === 'media').map((f) => ({ name: f.name }));
  return { uid: component.uid, sql, entries, media };
};

/** The reading of a component field or dynamic zone (and of the components inside), for a read of `status`. */
export const planOf = (field: ComponentsField, dialect: Dialect, status: Status): FieldPlan => {
  return {
    name: field.name,
    single: field.kind === 'component' && !field.repeatable,
    tagged: field.kind === 'dynamiczone',
    parts: componentsOf(field).map((component) => partOf(field.link, component, dialect, status)),
  };
};
