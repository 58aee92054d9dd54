import type { FieldSpec } from '../../../contracts/definition';
import type { ObjectDescription, ObjectField } from '../../../contracts/objects';

/** The fields a component field or dynamic zone holds, all its components together. */
const componentFields = (field: ObjectField): ObjectField[] =>
  (field.component ? [field.component] : (field.components ?? [])).flatMap((c) => c.fields);

/**
 * The related fields of a List that lead back to a type already on their path (`relatedArticles` of an
 * article, `sections.link.page` of a page), as dotted paths: what the builder warns about (a warning, not a
 * refusal). Each such level answers records that answer the same fields again, so a page's records multiply
 * (docs/content.md#what-related-fields-cost). `localizations` are the record's own translations: no cycle.
 */
export const cyclingRelations = (
  specs: FieldSpec[],
  object: ObjectDescription | undefined,
  objects: ObjectDescription[]
): string[] => {
  if (!object) return [];
  const walk = (specs: FieldSpec[], fields: ObjectField[], types: string[], prefix: string): string[] =>
    specs.flatMap((spec) => {
      const field = fields.find((f) => f.name === spec.name);
      if (!field || !spec.fields?.length) return [];
      const path = `${prefix}${spec.name}`;
      if (field.type === 'component' || field.type === 'dynamiczone')
        return walk(spec.fields, componentFields(field), types, `${path}.`);
      const target = field.relation && objects.find((o) => o.uid === field.relation!.target);
      if (!target) return [];
      const inner = walk(spec.fields, target.fields, [...types, target.uid], `${path}.`);
      return types.includes(target.uid) ? [path, ...inner] : inner;
    });
  return walk(specs, object.fields, [object.uid], '');
};
