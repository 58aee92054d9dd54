import type { ObjectDescription, ObjectField } from '../../../contracts/objects';

/** Types whose values are whole structures: listed and written as a whole, never compared, set alone or grouped. */
const STRUCTURES = new Set(['media', 'component', 'dynamiczone']);

/** The fields of a type each part of the builder may name (files and components are never grouped by, ...). */
const usable = (object: ObjectDescription | undefined) =>
  (object?.fields ?? []).filter((f) => f.exposable && !STRUCTURES.has(f.type));

/** The paths a filter may test inside a single component (`seo.metaTitle`), nested ones included. */
const componentPaths = (field: ObjectField): string[] =>
  (field.component?.fields ?? []).flatMap((sub) => {
    const path = `${field.name}.${sub.name}`;
    if (sub.filterable) return [path];
    return sub.component ? componentPaths({ ...sub, name: path }) : [];
  });

/** Paths a filter may test: plain fields, relations by their `id` (`customer.id`), single components' fields. */
export const filterFields = (object: ObjectDescription | undefined) =>
  (object?.fields ?? []).flatMap((f) => {
    if (f.component) return componentPaths(f);
    if (!f.exposable || STRUCTURES.has(f.type)) return [];
    return [f.relation ? `${f.name}.id` : f.name];
  });

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

/** Whether the type holds files anywhere: in its own fields, its components or its dynamic zones. */
export const holdsMedia = (fields: ObjectField[] = []): boolean =>
  fields.some(
    (f) =>
      f.type === 'media' || holdsMedia(f.component?.fields) || (f.components ?? []).some((c) => holdsMedia(c.fields))
  );
