import type { ObjectDescription, ObjectField } from '../../../contracts/objects';

/**
 * The type of the field a filter path names (`customer.tier`: `enumeration`), following relations and single
 * components; a relation's `id` is the related record's number. Undefined when the builder cannot follow it.
 */
export const typeAtPath = (
  path: string,
  object: ObjectDescription | undefined,
  objects: ObjectDescription[]
): string | undefined => {
  let fields: ObjectField[] = object?.fields ?? [];
  const segments = path.split('.');
  for (const [i, name] of segments.entries()) {
    const field = fields.find((f) => f.name === name);
    const last = i === segments.length - 1;
    if (!field) return undefined;
    if (last) return field.type;
    if (field.relation && segments[i + 1] === 'id' && i + 2 === segments.length) return 'integer';
    const next = field.component?.fields ?? objects.find((o) => o.uid === field.relation?.target)?.fields;
    if (!next) return undefined;
    fields = next;
  }
  return undefined;
};
