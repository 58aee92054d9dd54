import { Button, Field, Flex, Modal } from '@strapi/design-system';
import { Plus } from '@strapi/icons';
import { useNotification } from '@strapi/strapi/admin';
import { useState, type ReactNode } from 'react';
import { keyNameFrom, type ApiKeySummary } from '../../../contracts/api-key';
import type { RateLimit } from '../../../contracts/rate-limit';
import { problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { useOneAtATime } from '../hooks/useOneAtATime';
import { useT } from '../hooks/useT';
import { KeyDurationField, expiryOf, type KeyDuration } from './KeyDuration';
import { NewSecrets } from './NewSecrets';
import { RateLimitFields } from './RateLimitFields';
import { ToggleField } from './ToggleField';
import { DoneFooter, SubmitFooter } from './DialogFooter';

/**
 * Creating a key, in the order of Strapi's API token form: its name (else one made from the description),
 * description, duration, then rate limit and preview mark; then its secret, shown once. `trigger` opens it (a
 * "Create an API key" button when left out); `onCreated` hears of the new key (the endpoint builder selects it).
 */
export const CreateKey = ({
  trigger,
  onCreated,
}: {
  trigger?: ReactNode;
  onCreated?: (key: ApiKeySummary) => void;
}) => {
  const t = useT();
  const { toggleNotification } = useNotification();
  const create = useAdminMutation('apiKeys.create');
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [duration, setDuration] = useState<KeyDuration>('');
  const [rateLimit, setRateLimit] = useState<RateLimit | null>(null);
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<(ApiKeySummary & { secret: string }) | null>(null);
  // The server names the property concerned: a refused name or expiry is shown under its field.
  const fieldOf = (prefix: string) => (error?.startsWith(prefix) ? error : undefined);
  const nameError = fieldOf('name:');
  const expiryError = fieldOf('expiresAt:');
  const emptyName = description.trim()
    ? t('keys.name.fromDescription', { name: keyNameFrom(description) })
    : t('keys.name.madeFromDescription');
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setName('');
      setDescription('');
      setDuration('');
      setRateLimit(null);
      setPreview(false);
      setError(null);
      setCreated(null);
    }
  };
  const submit = useOneAtATime(async () => {
    try {
      const expiresAt = expiryOf(duration);
      const input = { description, expiresAt, rateLimit, preview, ...(name.trim() ? { name } : {}) };
      const key = await create.mutateAsync({ data: input });
      setCreated(key);
      setError(null);
      toggleNotification({ type: 'success', message: t('keys.created') });
      onCreated?.(key);
    } catch (failure) {
      setError(problemsText(failure));
    }
  });
  return (
    <Modal.Root open={open} onOpenChange={close}>
      <Modal.Trigger>{trigger ?? <Button startIcon={<Plus />}>{t('keys.create')}</Button>}</Modal.Trigger>
      <Modal.Content>
        <Modal.Header>
          <Modal.Title>{t('keys.create')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {created ? (
            <NewSecrets keys={[created]} />
          ) : (
            <Flex direction="column" alignItems="stretch" gap={4}>
              {/* What an empty name becomes is said in words: as a placeholder it would look like a value. */}
              <Field.Root name="name" hint={`${t('keys.name.hint')} ${emptyName}`} error={nameError}>
                <Field.Label>{t('keys.column.name')}</Field.Label>
                <Field.Input value={name} onChange={(e) => setName(e.target.value)} />
                <Field.Hint />
                <Field.Error />
              </Field.Root>
              <Field.Root
                name="description"
                error={nameError || expiryError ? undefined : (error ?? undefined)}
                required
              >
                <Field.Label>{t('keys.column.description')}</Field.Label>
                <Field.Input value={description} onChange={(e) => setDescription(e.target.value)} />
                <Field.Error />
              </Field.Root>
              <KeyDurationField value={duration} onChange={setDuration} error={expiryError} />
              <RateLimitFields name="key-rate-limit" value={rateLimit} onChange={setRateLimit} />
              <ToggleField
                name="preview"
                label={t('keys.preview')}
                hint={t('keys.preview.hint')}
                checked={preview}
                onChange={setPreview}
              />
            </Flex>
          )}
        </Modal.Body>
        {created ? (
          <DoneFooter />
        ) : (
          <SubmitFooter label={t('keys.create')} onSubmit={submit.run} pending={submit.pending} />
        )}
      </Modal.Content>
    </Modal.Root>
  );
};
