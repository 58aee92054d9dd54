import { z } from 'zod';

/** Any JSON object; its inner rules are checked against the content types on the server. */
export const jsonObject = z.record(z.string(), z.unknown());

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A variable reference in a filter, preset or task value: `{ "$var": NAME }` (docs/endpoints.md#properties). */
export const isVar = (v: unknown): v is { $var: string } =>
  isPlainObject(v) && Object.keys(v).length === 1 && '$var' in v;

/** Whether a filter, preset or task value (or a list of them) refers to the variable `name` anywhere inside. */
export const refersTo = (value: unknown, name: string): boolean =>
  isVar(value)
    ? value.$var === name
    : typeof value === 'object' && value !== null && Object.values(value).some((v) => refersTo(v, name));
