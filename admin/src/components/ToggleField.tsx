import { Field, Toggle } from '@strapi/design-system';
import { useT } from '../hooks/useT';

/** A labelled yes/no switch, with its hint and the admin API's error for it. */
export const ToggleField = ({
  name,
  label,
  checked,
  onChange,
  hint,
  error,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  error?: string;
}) => {
  const t = useT();
  return (
    <Field.Root name={name} hint={hint} error={error}>
      <Field.Label>{label}</Field.Label>
      <Toggle
        onLabel={t('common.yes')}
        offLabel={t('common.no')}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
};
