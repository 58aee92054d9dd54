import { Button, Field, Flex, Modal } from '@strapi/design-system';
import { useState, type ReactNode } from 'react';
import { keyNameFrom, type ApiKeySummary } from '../../../contracts/api-key';
import type { RateLimit } from '../../../contracts/rate-limit';
import { problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { useOneAtATime } from '../hooks/useOneAtATime';
import { useT } from '../hooks/useT';
import { NewSecrets } from './NewSecrets';
import { RateLimitFields } from './RateLimitFields';
import { ToggleField } from './ToggleField';
import { DoneFooter, SubmitFooter } from './DialogFooter';

/**
 * Creating a key: its name (else one made from the description), description, rate limit and preview mark, then
 * its secret, shown once. `trigger` opens it (a "Create an API key" button when left out); `onCreated` hears of
 * the new key (the endpoint builder selects it).
 */
export const CreateKey = ({
  trigger,
  onCreated,
}: {
  trigger?: ReactNode;
  onCreated?: (key: ApiKeySummary) => void;
}) => {
  const t = useT();
  const create = useAdminMutation('apiKeys.create');
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [rateLimit, setRateLimit] = useState<RateLimit | null>(null);
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<(ApiKeySummary & { secret: string }) | null>(null);
  // The server names the property concerned: a refused name is shown under the name.
  const nameError = error?.startsWith('name:') ? error : undefined;
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setName('');
      setDescription('');
      setRateLimit(null);
      setPreview(false);
      setError(null);
      setCreated(null);
    }
  };
  const submit = useOneAtATime(async () => {
    try {
      const input = { description, rateLimit, preview, ...(name.trim() ? { name } : {}) };
      const key = await create.mutateAsync({ data: input });
      setCreated(key);
      setError(null);
      onCreated?.(key);
    } catch (failure) {
      setError(problemsText(failure));
    }
  });
  return (
    <Modal.Root open={open} onOpenChange={close}>
      <Modal.Trigger>{trigger ?? <Button>{t('keys.create')}</Button>}</Modal.Trigger>
      <Modal.Content>
        <Modal.Header>
          <Modal.Title>{t('keys.create')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {created ? (
            <NewSecrets keys={[created]} />
          ) : (
            <Flex direction="column" alignItems="stretch" gap={4}>
              <Field.Root name="description" error={nameError ? undefined : (error ?? undefined)} required>
                <Field.Label>{t('keys.column.description')}</Field.Label>
                <Field.Input value={description} onChange={(e) => setDescription(e.target.value)} />
                <Field.Error />
              </Field.Root>
              <Field.Root name="name" hint={t('keys.name.hint')} error={nameError}>
                <Field.Label>{t('keys.column.name')}</Field.Label>
                <Field.Input
                  value={name}
                  placeholder={keyNameFrom(description)}
                  onChange={(e) => setName(e.target.value)}
                />
                <Field.Hint />
                <Field.Error />
              </Field.Root>
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
