import { Field, SingleSelect, SingleSelectOption } from '@strapi/design-system';

/** A labelled select of the builder, with its hint and the admin API's error for it. */
export const SelectField = ({
  name,
  label,
  value,
  options,
  onChange,
  error,
  hint,
  placeholder,
  disabled,
}: {
  name?: string;
  label: string;
  value: string;
  options: Array<[value: string, label: string]>;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
  disabled?: boolean;
}) => (
  <Field.Root name={name} error={error} hint={hint}>
    <Field.Label>{label}</Field.Label>
    <SingleSelect
      value={value}
      placeholder={placeholder}
      disabled={disabled}
      onChange={(v: string | number) => onChange(String(v))}
    >
      {options.map(([v, l]) => (
        <SingleSelectOption key={v} value={v}>
          {l}
        </SingleSelectOption>
      ))}
    </SingleSelect>
    <Field.Hint />
    <Field.Error />
  </Field.Root>
);
