import { isPlainObject } from '../../../contracts/json';
import type { ModelField } from '../query/model';

/** Called with each field inside a component value: the object holding it, its key there, and its path. */
export type SubValueVisit = (field: ModelField, holder: Record<string, unknown>, key: string, path: string) => void;

const walkObject = (fields: Map<string, ModelField>, object: unknown, path: string, visit: SubValueVisit) => {
  if (!isPlainObject(object)) return;
  for (const [name, field] of fields) {
    if (!Object.prototype.hasOwnProperty.call(object, name)) continue;
    visit(field, object, name, `${path}.${name}`);
    walkSubValues(field, object[name], `${path}.${name}`, visit);
  }
};

/**
 * Visits every field inside the value of a component field or dynamic zone, nested components included, with
 * paths as the refusals name them (`seo.metaTitle`, `links[1].url`, `blocks[0].body`). Values of other fields,
 * and parts that are not shaped as the schema says (a raw request body), are skipped.
 */
export const walkSubValues = (field: ModelField, value: unknown, path: string, visit: SubValueVisit): void => {
  if (field.kind === 'component') {
    if (!field.repeatable) walkObject(field.component.fields, value, path, visit);
    else if (Array.isArray(value))
      value.forEach((v, i) => walkObject(field.component.fields, v, `${path}[${i}]`, visit));
  } else if (field.kind === 'dynamiczone' && Array.isArray(value)) {
    value.forEach((item, i) => {
      const uid = isPlainObject(item) ? item.__component : undefined;
      const component = typeof uid === 'string' ? field.components.get(uid) : undefined;
      if (component) walkObject(component.fields, item, `${path}[${i}]`, visit);
    });
  }
};

/** Visits every field inside the component values of a record (`fields`: the record's type's fields). */
export const eachSubValue = (
  fields: Map<string, ModelField>,
  record: Iterable<[string, unknown]>,
  visit: SubValueVisit
) => {
  for (const [name, value] of record) {
    const field = fields.get(name);
    if (field) walkSubValues(field, value, name, visit);
  }
};
