import {
  holdsComponents,
  type ColumnField,
  type ComponentModel,
  type ComponentsField,
  type ModelField,
} from '../model';

/** The components a component field (its one) or a dynamic zone (each it allows) holds values of. */
export const componentsOf = (field: ComponentsField): ComponentModel[] =>
  field.kind === 'component' ? [field.component] : [...field.components.values()];

/**
 * The fields a component's value holds (answered, written, documented): not its id, nor what endpoints cannot
 * expose (private fields).
 */
export const componentValueFields = (component: ComponentModel) =>
  [...component.fields.values()].filter(
    (f): f is ColumnField | ComponentsField => f.kind !== 'unsupported' && !(f.kind === 'scalar' && !f.writable)
  );

/** Whether a component field or dynamic zone holds media fields, at any depth. */
export const holdsMedia = (field: ModelField): boolean =>
  holdsComponents(field) &&
  componentsOf(field).some((component) =>
    [...component.fields.values()].some((f) => f.kind === 'media' || holdsMedia(f))
  );
