import type { UID } from '@strapi/strapi';
import { createEndpoint, knexOf } from './fixtures';
import { keyedSuite, type KeyedSuite } from './keyed-suite';

/**
 * What the Aggregate suites share (docs/aggregate.md): every op and every date format is compared with values
 * computed here, in JavaScript, from the seeded rows read with knex. The server runs in a zone that is not UTC
 * (Asia/Kolkata, +05:30, set for the whole run by tests/helpers/time-zone.js), so the date formats must be
 * computed in UTC to match.
 */

export let app: KeyedSuite['app'];
export let admin: KeyedSuite['admin'];
export let key: KeyedSuite['key'];

const DAY = 86400000;
export const ORDER = 'api::order.order';
export const CUSTOMER = 'api::customer.customer';

export const get = (url: string) => app.http().get(url).set('Authorization', `Bearer ${key.secret}`);
export const endpoint = (definition: Record<string, unknown>) =>
  createEndpoint(admin, key, { type: 'aggregate', object: ORDER, ...definition });

// ---------------------------------------------------------------------------------------------------------------
// Independent expectations
// ---------------------------------------------------------------------------------------------------------------

type Value = string | number | null;
type Dir = 'asc' | 'desc';

export interface Order {
  id: number;
  total: number | null;
  status: string | null;
  quantity: number | null;
  orderedAt: Date | null;
  customer: number | null;
  tier: string | null;
}

export interface Customer {
  id: number;
  tier: string | null;
  credit: number | null;
  signupDate: string | null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A datetime as the driver returns it: epoch milliseconds (SQLite) or a Date (PostgreSQL, MySQL). */
const toMoment = (raw: unknown): Date | null => {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Date) return raw;
  if (typeof raw === 'number' || typeof raw === 'bigint' || /^\d+$/.test(String(raw))) return new Date(Number(raw));
  throw new Error(`unexpected datetime from the driver: ${JSON.stringify(raw)}`);
};

/** A date column as `YYYY-MM-DD`: a string, or a Date the driver built at local midnight. */
const toDay = (raw: unknown): string | null => {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Date) return `${raw.getFullYear()}-${pad(raw.getMonth() + 1)}-${pad(raw.getDate())}`;
  return String(raw).slice(0, 10);
};

const toNumber = (raw: unknown) => (raw === null || raw === undefined ? null : Number(raw));

/** ISO 8601 week: weeks start on Monday; the week (and its year) is the one holding that week's Thursday. */
export const isoWeek = (moment: Date) => {
  const day = Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  const thursday = new Date(day + (3 - weekday) * DAY);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY)) + 1;
  return `${year}-W${pad(week)}`;
};

export const FORMATS = {
  year: (d: Date) => String(d.getUTCFullYear()),
  quarter: (d: Date) => `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`,
  month: (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`,
  week: isoWeek,
  day: (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
  hour: (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}`,
};
export type Format = keyof typeof FORMATS;

export const formatted = (format: Format) => (moment: Date | null) => (moment ? FORMATS[format](moment) : null);

/** Empty values last ascending and first descending; otherwise numbers and strings in their natural order. */
const compareValues = (a: Value, b: Value, dir: Dir) => {
  if (a === b) return 0;
  if (a === null) return dir === 'asc' ? 1 : -1;
  if (b === null) return dir === 'asc' ? -1 : 1;
  const order = a < b ? -1 : 1;
  return dir === 'asc' ? order : -order;
};

interface Dim<R> {
  variable: string;
  dir?: Dir;
  value: (row: R) => Value;
}
interface Measure<R> {
  variable: string;
  compute: (rows: R[]) => unknown;
}

const nonNull = <T>(values: Array<T | null>) => values.filter((v): v is T => v !== null && v !== undefined);

export const op = {
  count:
    () =>
    <R>(rows: R[]) =>
      rows.length,
  countDistinct:
    <R>(pick: (r: R) => Value) =>
    (rows: R[]) =>
      new Set(nonNull(rows.map(pick))).size,
  /** Sums of decimals in whole cents, so the expectation has no binary rounding of its own. */
  sumCents:
    <R>(pick: (r: R) => number | null) =>
    (rows: R[]) => {
      const values = nonNull(rows.map(pick));
      return values.length ? values.reduce((s, v) => s + Math.round(v * 100), 0) / 100 : null;
    },
  sum:
    <R>(pick: (r: R) => number | null) =>
    (rows: R[]) => {
      const values = nonNull(rows.map(pick));
      return values.length ? values.reduce((s, v) => s + v, 0) : null;
    },
  /** Compared with toBeCloseTo(…, 6) through expect.closeTo. */
  avg:
    <R>(pick: (r: R) => number | null) =>
    (rows: R[]) => {
      const values = nonNull(rows.map(pick));
      return values.length ? expect.closeTo(values.reduce((s, v) => s + v, 0) / values.length, 6) : null;
    },
  min:
    <R>(pick: (r: R) => number | null) =>
    (rows: R[]) => {
      const values = nonNull(rows.map(pick));
      return values.length ? Math.min(...values) : null;
    },
  max:
    <R>(pick: (r: R) => number | null) =>
    (rows: R[]) => {
      const values = nonNull(rows.map(pick));
      return values.length ? Math.max(...values) : null;
    },
  minMoment:
    <R>(pick: (r: R) => Date | null) =>
    (rows: R[]) => {
      const values = nonNull(rows.map(pick)).map((d) => d.getTime());
      return values.length ? new Date(Math.min(...values)).toISOString() : null;
    },
  maxMoment:
    <R>(pick: (r: R) => Date | null) =>
    (rows: R[]) => {
      const values = nonNull(rows.map(pick)).map((d) => d.getTime());
      return values.length ? new Date(Math.max(...values)).toISOString() : null;
    },
  /** The distinct non-null values, sorted (JavaScript's default sort) and joined by ', '. */
  text:
    <R>(pick: (r: R) => string | null) =>
    (rows: R[]) =>
      [...new Set(nonNull(rows.map(pick)))].sort().join(', '),
};

/** Groups `rows` by the dimensions, sorted by them in order, with each measure computed per group. */
export const expectedItems = <R>(rows: R[], dims: Array<Dim<R>>, measures: Array<Measure<R>>) => {
  const groups = new Map<string, { key: Value[]; rows: R[] }>();
  if (!dims.length) groups.set('[]', { key: [], rows: [] });
  for (const row of rows) {
    const key = dims.map((d) => d.value(row));
    const id = JSON.stringify(key);
    if (!groups.has(id)) groups.set(id, { key, rows: [] });
    groups.get(id)!.rows.push(row);
  }
  const sorted = [...groups.values()].sort((a, b) => {
    for (let i = 0; i < dims.length; i += 1) {
      const order = compareValues(a.key[i], b.key[i], dims[i].dir ?? 'asc');
      if (order) return order;
    }
    return 0;
  });
  return sorted.map((g) => ({
    dimensions: Object.fromEntries(dims.map((d, i) => [d.variable, g.key[i]])),
    measures: Object.fromEntries(measures.map((m) => [m.variable, m.compute(g.rows)])),
  }));
};

/**
 * The top `limit` values of `dim` ranked by `measure` computed per value of `dim` (ties by the value
 * ascending), then every row holding one of them.
 */
export const keepTop = <R>(rows: R[], dim: Dim<R>, measure: (rows: R[]) => number, dir: Dir, limit: number) => {
  const byValue = new Map<Value, R[]>();
  for (const row of rows) {
    const value = dim.value(row);
    if (!byValue.has(value)) byValue.set(value, []);
    byValue.get(value)!.push(row);
  }
  const ranked = [...byValue.entries()]
    .map(([value, list]) => ({ value, score: measure(list) }))
    .sort(
      (a, b) =>
        (a.score !== b.score ? (dir === 'asc' ? a.score - b.score : b.score - a.score) : 0) ||
        compareValues(a.value, b.value, 'asc')
    );
  const kept = new Set(ranked.slice(0, limit).map((r) => r.value));
  return { kept, rows: rows.filter((row) => kept.has(dim.value(row))) };
};

/** The seeded rows (and those `aggregateSuite` adds), read once the suite has started. */
export let orders: Order[];
export let customers: Customer[];

const readOrders = async (): Promise<Order[]> => {
  const rows = await knexOf(app)('orders as o')
    .leftJoin('orders_customer_lnk as l', 'l.order_id', 'o.id')
    .leftJoin('customers as c', 'c.id', 'l.customer_id')
    .select('o.id', 'o.total', 'o.status', 'o.quantity', 'o.ordered_at', 'l.customer_id', 'c.tier');
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    total: toNumber(r.total),
    status: (r.status as string | null) ?? null,
    quantity: toNumber(r.quantity),
    orderedAt: toMoment(r.ordered_at),
    customer: toNumber(r.customer_id),
    tier: (r.tier as string | null) ?? null,
  }));
};

const readCustomers = async (): Promise<Customer[]> => {
  const rows = await knexOf(app)('customers').select('id', 'tier', 'credit', 'signup_date');
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    tier: (r.tier as string | null) ?? null,
    credit: toNumber(r.credit),
    signupDate: toDay(r.signup_date),
  }));
};

export const tier: Dim<Order> = { variable: 'tier', value: (o) => o.tier };
export const month: Dim<Order> = { variable: 'month', value: (o) => formatted('month')(o.orderedAt) };
export const revenue: Measure<Order> = { variable: 'revenue', compute: op.sumCents((o) => o.total) };
export const count: Measure<Order> = { variable: 'orders', compute: op.count() };

/** A future order and two orders with neither a date nor a customer, so empty groups and `now` have a part. */
const FUTURE = new Date(Date.now() + 40 * DAY);

/**
 * The set-up of every Aggregate suite: the keyed suite's app, admin and key, then a future order, two orders with
 * neither a date nor a customer and a future customer, and `orders` and `customers` read back. Call it at the top
 * of the suite.
 */
export const aggregateSuite = () => {
  ({ app, admin, key } = keyedSuite());
  beforeAll(async () => {
    const documents = (uid: string) => app.strapi.documents(uid as UID.ContentType);
    const first = await knexOf(app)('customers').where('id', 1).first('document_id');
    await documents(ORDER).create({
      data: {
        quantity: 3,
        total: 99.99,
        status: 'pending',
        orderedAt: FUTURE.toISOString(),
        customer: first.document_id,
      },
    });
    await documents(ORDER).create({ data: { quantity: 1, total: 12.34, status: 'paid' } });
    await documents(ORDER).create({ data: { quantity: 2, total: 0.01, status: 'shipped' } });
    await documents(CUSTOMER).create({
      data: {
        name: 'Future Customer',
        email: 'future@example.com',
        tier: 'pro',
        credit: 10.5,
        signupDate: new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10),
      },
    });
    orders = await readOrders();
    customers = await readCustomers();
  });
};
