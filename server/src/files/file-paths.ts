import { componentsOf } from '../query/components/fields';
import {
  holdsComponents,
  type ComponentLink,
  type ComponentModel,
  type MediaField,
  type Model,
  type ModelField,
} from '../query/model';
import type { EndpointDefinition } from '../../../contracts/definition';
import { selectFields, type Selected } from '../related/selection';

/** One step from a row the endpoint answers down to a row holding files: into a component, a relation, a translation. */
export type Hop =
  | { kind: 'component'; link: ComponentLink; field: string; uid: string }
  | { kind: 'relation'; link: { table: string; ownerColumn: string; targetColumn: string } }
  | { kind: 'translation'; table: string };

/** Media fields of rows of `uid`, reached from the endpoint's row through `hops`. */
export interface FilePath {
  uid: string;
  fields: MediaField[];
  hops: Hop[];
}

const mediaOf = (fields: Iterable<ModelField>) => [...fields].filter((f): f is MediaField => f.kind === 'media');

/** Files inside the components of `field`, and in the records the relations inside them answer (`inside`). */
const insideComponents = (field: ModelField, inside: Selected['inside'], hops: Hop[]): FilePath[] => {
  if (!holdsComponents(field)) return [];
  return componentsOf(field).flatMap((component: ComponentModel) => {
    const here: Hop[] = [...hops, { kind: 'component', link: field.link, field: field.name, uid: component.uid }];
    const chosen = inside?.get(component.uid);
    const media = mediaOf(component.fields.values());
    return [
      ...(media.length ? [{ uid: component.uid, fields: media, hops: here }] : []),
      ...[...component.fields.values()].flatMap((inner) =>
        chosen?.get(inner.name)
          ? selectedPaths(component, [chosen.get(inner.name)!], here)
          : insideComponents(inner, undefined, here)
      ),
    ];
  });
};

/**
 * Where the files an endpoint answers live (docs/architecture.md, "Files"): its own media fields, media in the
 * components it answers (at any depth), and in the related records and translations it answers.
 */
export const selectedPaths = (owner: Model | ComponentModel, selected: Selected[], hops: Hop[] = []): FilePath[] => {
  const media = mediaOf(selected.map((s) => s.field as ModelField));
  const paths: FilePath[] = media.length ? [{ uid: owner.uid, fields: media, hops }] : [];
  for (const { field, related, inside } of selected) {
    if (field.kind === 'localizations' || field.kind === 'relation') {
      if (!related) continue;
      const hop: Hop =
        field.kind === 'relation'
          ? { kind: 'relation', link: field.link }
          : { kind: 'translation', table: (owner as Model).table };
      paths.push(...selectedPaths(related.target, related.fields, [...hops, hop]));
    } else if (field.kind !== 'media' && field.kind !== 'scalar') {
      paths.push(...insideComponents(field, inside, hops));
    }
  }
  return paths;
};

/** Where the files an endpoint answers live: only a List answers media fields. */
export const endpointFilePaths = (
  model: Model,
  definition: Pick<EndpointDefinition, 'type' | 'fields'>,
  modelOf: (uid: string) => Model | null
): FilePath[] =>
  definition.type === 'list' ? selectedPaths(model, selectFields(model, definition.fields, ['fields'], modelOf)) : [];
