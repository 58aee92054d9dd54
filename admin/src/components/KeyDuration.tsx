import { Field, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import type { ApiKeySummary } from '../../../contracts/api-key';
import { useT } from '../hooks/useT';

const DAY = 86_400_000;

/** How long a new key lasts, as Strapi's API token form offers it: days, or unlimited (''). */
export const KEY_DURATIONS = ['7', '30', '90', ''] as const;
export type KeyDuration = (typeof KEY_DURATIONS)[number];

/** The expiry a key created now with `duration` gets (an ISO date), or null: it never expires. */
export const expiryOf = (duration: KeyDuration) =>
  duration ? new Date(Date.now() + Number(duration) * DAY).toISOString() : null;

/** How many days a key lasts, from when it was made to its expiry; null: it never expires. */
export const daysOf = (key: Pick<ApiKeySummary, 'createdAt' | 'expiresAt'>) =>
  key.expiresAt ? Math.max(0, Math.round((Date.parse(key.expiresAt) - Date.parse(key.createdAt)) / DAY)) : null;

/** A duration in words, as Strapi's API token form names it: "30 days", or "Unlimited" (null). */
export const useDurationWords = () => {
  const t = useT();
  return (days: number | null) => (days === null ? t('keys.duration.unlimited') : t('keys.duration.days', { days }));
};

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
  const words = useDurationWords();
  return (
    <Field.Root name="duration" hint={t('keys.duration.hint')} error={error} required>
      <Field.Label>{t('keys.duration')}</Field.Label>
      <SingleSelect
        value={value || 'unlimited'}
        onChange={(next: string | number) => onChange(KEY_DURATIONS.find((d) => d === next) ?? '')}
      >
        {KEY_DURATIONS.map((days) => (
          <SingleSelectOption key={days || 'unlimited'} value={days || 'unlimited'}>
            {words(days ? Number(days) : null)}
          </SingleSelectOption>
        ))}
      </SingleSelect>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
};
