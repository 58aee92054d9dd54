import type { ObjectDescription } from '../../../contracts/objects';

/** The fields of a type each part of the builder may name (files are never filtered on, set or grouped by). */
const usable = (object: ObjectDescription | undefined) =>
  (object?.fields ?? []).filter((f) => f.exposable && f.type !== 'media');

/** Paths a filter may test: plain fields, and relations by their `id` (`customer.id`). */
export const filterFields = (object: ObjectDescription | undefined) =>
  usable(object).map((f) => (f.relation ? `${f.name}.id` : f.name));

/** Fields a preset or a task may set. */
export const settableFields = (object: ObjectDescription | undefined) =>
  usable(object)
    .filter((f) => f.writable)
    .map((f) => f.name);

/** Fields a record of the type cannot be created without. */
export const requiredFields = (object: ObjectDescription | undefined) =>
  usable(object)
    .filter((f) => f.writable && f.required)
    .map((f) => f.name);

/** Fields a task reads as `record.<field>` and `previous.<field>`. */
export const readableFields = (object: ObjectDescription | undefined) => usable(object).map((f) => f.name);

/** Fields an aggregate can group or measure by: plain fields, and those of a to-one relation (`customer.tier`). */
export const groupableFields = (object: ObjectDescription | undefined, objects: ObjectDescription[]) =>
  usable(object).flatMap((f) => {
    if (!f.relation) return [f.name];
    if (f.relation.many) return [];
    const target = objects.find((o) => o.uid === f.relation!.target);
    return [
      f.name,
      ...usable(target)
        .filter((g) => !g.relation)
        .map((g) => `${f.name}.${g.name}`),
    ];
  });
