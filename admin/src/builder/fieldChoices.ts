import type { ObjectDescription, ObjectField } from '../../../contracts/objects';

/** Types whose values are whole structures: listed and written as a whole, never compared, set alone or grouped. */
const STRUCTURES = new Set(['media', 'component', 'dynamiczone']);

/** Types the database never compares (JSON): no filter tests them, no aggregate groups or measures by them. */
const UNCOMPARED = new Set(['json', 'blocks']);
const comparable = (field: ObjectField) => !UNCOMPARED.has(field.type);

/** The fields of a type each part of the builder may name (files and components are never grouped by, ...). */
const usable = (object: ObjectDescription | undefined) =>
  (object?.fields ?? []).filter((f) => f.exposable && !STRUCTURES.has(f.type));

/** The paths a filter may test inside a single component (`seo.metaTitle`), nested ones included. */
const componentPaths = (field: ObjectField): string[] =>
  (field.component?.fields ?? []).flatMap((sub) => {
    const path = `${field.name}.${sub.name}`;
    if (sub.filterable) return comparable(sub) ? [path] : [];
    return sub.component ? componentPaths({ ...sub, name: path }) : [];
  });

/** Paths a filter may test on the type itself: plain fields, relations by their `id`, single components' fields. */
const ownFilterPaths = (object: ObjectDescription | undefined) =>
  (object?.fields ?? []).flatMap((f) => {
    if (f.component) return componentPaths(f);
    if (!f.exposable || STRUCTURES.has(f.type) || !comparable(f)) return [];
    return [f.relation ? `${f.name}.id` : f.name];
  });

/**
 * The design system's combobox shows a long list through a virtual list that can leave options out: the offer
 * stops short of it (a path beyond it can still be typed).
 */
const MOST_OFFERED = 100;

/**
 * Paths a filter may test, as the builder offers them: the type's own (`customer.id`, `seo.metaTitle`), then
 * those of each related type one relation away (`customer.tier`, `customer.user.id`) while the list stays short.
 */
export const filterFields = (object: ObjectDescription | undefined, objects: ObjectDescription[] = []) => {
  const offered = ownFilterPaths(object);
  for (const f of object?.fields ?? []) {
    const target = f.exposable && f.relation ? objects.find((o) => o.uid === f.relation!.target) : undefined;
    const related = ownFilterPaths(target)
      .filter((path) => path !== 'id')
      .map((path) => `${f.name}.${path}`);
    if (offered.length + related.length > MOST_OFFERED) break;
    offered.push(...related);
  }
  return offered;
};

/** How many relations a typed filter path may follow before the builder stops looking (the server takes more). */
const MOST_RELATIONS = 5;

/**
 * Whether `segments` name a field a filter can compare among `fields`, following relations and single components
 * (inside a component, only its `filterable` fields, and no relation).
 */
const reaches = (
  fields: ObjectField[],
  segments: string[],
  objects: ObjectDescription[],
  depth: number,
  inComponent = false
): boolean => {
  const [name, ...rest] = segments;
  const field = fields.find((f) => f.name === name);
  if (!field || depth > MOST_RELATIONS) return false;
  if (field.component)
    return (
      !field.component.repeatable && rest.length > 0 && reaches(field.component.fields, rest, objects, depth, true)
    );
  if (!rest.length)
    return (
      comparable(field) &&
      (inComponent ? Boolean(field.filterable) : field.exposable && !STRUCTURES.has(field.type) && !field.relation)
    );
  if (!field.relation || inComponent) return false;
  if (rest.length === 1 && rest[0] === 'id') return true;
  const target = objects.find((o) => o.uid === field.relation!.target);
  return Boolean(target) && reaches(target!.fields, rest, objects, depth + 1);
};

/** Whether a filter may test the path `path` (`customer.user.email`) on `object`: a field it reaches. */
export const isFilterPath = (path: string, object: ObjectDescription | undefined, objects: ObjectDescription[]) =>
  Boolean(object) && reaches(object!.fields, path.split('.'), objects, 0);

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
    if (!comparable(f)) return [];
    if (!f.relation) return [f.name];
    if (f.relation.many) return [];
    const target = objects.find((o) => o.uid === f.relation!.target);
    return [
      f.name,
      ...usable(target)
        .filter((g) => !g.relation && comparable(g))
        .map((g) => `${f.name}.${g.name}`),
    ];
  });

/** Whether the type holds files anywhere: in its own fields, its components or its dynamic zones. */
export const holdsMedia = (fields: ObjectField[] = []): boolean =>
  fields.some(
    (f) =>
      f.type === 'media' || holdsMedia(f.component?.fields) || (f.components ?? []).some((c) => holdsMedia(c.fields))
  );
