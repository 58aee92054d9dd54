import type { Dialect } from '../query/dialect';
import { listFilterKeys, type ListFilterKey } from '../query/list-filters';
import type { ScalarField } from '../query/model';
import { listedFields, type Selected } from './selection';

/**
 * The query filters of a List: its own fields', and those of the plain fields its related records answer, one
 * relation away (`?category.name=`: records with a related record whose name is that). The List and its OpenAPI
 * description both read this list.
 */
export const selectedFilterKeys = (selected: Selected[], dialect: Dialect): ListFilterKey[] => [
  ...listFilterKeys(listedFields(selected), dialect),
  ...selected.flatMap(({ field, related }) => {
    if (!related || field.kind !== 'relation') return [];
    const plain = listedFields(related.fields).filter((f): f is ScalarField => f.kind === 'scalar');
    return listFilterKeys(plain, dialect, `${field.name}.`);
  }),
];
