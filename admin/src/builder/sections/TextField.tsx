import { Field } from '@strapi/design-system';
import type { SectionProps } from './props';

/** A required text part of the draft (its name or path), with its problem. */
export const TextField = ({
  name,
  label,
  hint,
  draft,
  set,
  problems,
}: Omit<SectionProps, 'object'> & { name: 'name' | 'path'; label: string; hint?: string }) => (
  <Field.Root name={name} error={problems[name]} hint={hint} required>
    <Field.Label>{label}</Field.Label>
    <Field.Input value={draft[name]} onChange={(e) => set(name, e.target.value)} />
    <Field.Hint />
    <Field.Error />
  </Field.Root>
);
