import type { ComponentDescription, ObjectField } from '../../../contracts/objects';
import type { Translate } from '../hooks/useT';

/** A component's fields as a client sees them (its internal `id` left out). */
const fieldNames = (component: ComponentDescription) =>
  component.fields
    .filter((f) => f.exposable && f.name !== 'id')
    .map((f) => f.name)
    .join(', ');

/** The kind of a field as the picker names it: `string`, `relation, to many`, `component Seo`, ... */
export const fieldTypeLabel = (t: Translate, f: ObjectField) => {
  if (f.component)
    return t(f.component.repeatable ? 'builder.fields.type.repeatable' : 'builder.fields.type.component', {
      name: f.component.displayName,
    });
  if (f.components) return t('builder.fields.type.dynamiczone');
  if (f.relation) return t(f.relation.many ? 'builder.fields.type.toMany' : 'builder.fields.type.toOne');
  return f.type;
};

/**
 * What the client gets and sends for a field whose shape is not plain: a component (an object, or an array of
 * them), a dynamic zone (an ordered array of objects with `__component`), the other translations (a name Strapi
 * reserves), the locale, a field every locale shares.
 */
export const fieldNote = (t: Translate, f: ObjectField): string | null => {
  if (f.component)
    return t(f.component.repeatable ? 'builder.fields.repeatable.note' : 'builder.fields.component.note', {
      fields: fieldNames(f.component),
    });
  if (f.components)
    return t('builder.fields.dynamiczone.note', {
      components: f.components.map((c) => `${c.displayName} (${c.uid})`).join(', '),
    });
  if (f.name === 'localizations') return t('builder.fields.localizations.note');
  if (f.name === 'locale') return t('builder.fields.locale.note');
  if (f.sharedByLocales) return t('builder.fields.shared.note');
  return null;
};
