import { Field, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import { useT } from '../hooks/useT';

/** How long a new key lasts, as Strapi's API token form offers it: days, or unlimited (''). */
export const KEY_DURATIONS = ['7', '30', '90', ''] as const;
export type KeyDuration = (typeof KEY_DURATIONS)[number];

/** The expiry a key created now with `duration` gets (an ISO date), or null: it never expires. */
export const expiryOf = (duration: KeyDuration) =>
  duration ? new Date(Date.now() + Number(duration) * 86_400_000).toISOString() : null;

/** The choice of a new key's duration; a key's expiry never changes after it is made. */
export const KeyDurationField = ({
  value,
  onChange,
  error,
}: {
  value: KeyDuration;
  onChange: (value: KeyDuration) => void;
  error?: string;
}) => {
  const t = useT();
  return (
    <Field.Root name="duration" hint={t('keys.duration.hint')} error={error} required>
      <Field.Label>{t('keys.duration')}</Field.Label>
      <SingleSelect
        value={value || 'unlimited'}
        onChange={(next: string | number) => onChange(KEY_DURATIONS.find((d) => d === next) ?? '')}
      >
        {KEY_DURATIONS.map((days) => (
          <SingleSelectOption key={days || 'unlimited'} value={days || 'unlimited'}>
            {days ? t('keys.duration.days', { days }) : t('keys.duration.unlimited')}
          </SingleSelectOption>
        ))}
      </SingleSelect>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
};
