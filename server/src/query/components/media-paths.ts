import { holdsComponents, type ComponentLink, type MediaField, type ModelField } from '../model';
import { componentsOf } from './fields';

/** One step from a component row up to the row holding it: the holder's `_cmps` link, the field, the component. */
export interface ComponentHop {
  link: ComponentLink;
  field: string;
  uid: string;
}

/** Media fields of a component, and the hops from the top-level row down to that component. */
export interface ComponentMedia {
  uid: string;
  fields: MediaField[];
  /** From the top-level row's field down to the component holding the media fields. */
  hops: ComponentHop[];
}

/**
 * Where files inside the components of `fields` live: for each component reachable through them (components of
 * components, each dynamic zone entry type), its exposable media fields. A component reached twice comes twice.
 */
export const componentMedia = (fields: Iterable<ModelField>, above: ComponentHop[] = []): ComponentMedia[] =>
  [...fields].filter(holdsComponents).flatMap((field) => {
    return componentsOf(field).flatMap((component) => {
      const hops = [...above, { link: field.link, field: field.name, uid: component.uid }];
      const inner = [...component.fields.values()];
      const media = inner.filter((f): f is MediaField => f.kind === 'media');
      return [...(media.length ? [{ uid: component.uid, fields: media, hops }] : []), ...componentMedia(inner, hops)];
    });
  });
