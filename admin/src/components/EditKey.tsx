import { Field, Flex, IconButton, Modal, Typography } from '@strapi/design-system';
import { Pencil } from '@strapi/icons';
import { useNotification } from '@strapi/strapi/admin';
import { useState } from 'react';
import type { ApiKeySummary } from '../../../contracts/api-key';
import type { RateLimit } from '../../../contracts/rate-limit';
import { problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { useOneAtATime } from '../hooks/useOneAtATime';
import { useT } from '../hooks/useT';
import { RateLimitFields } from './RateLimitFields';
import { RelativeTime } from './RelativeTime';
import { ToggleField } from './ToggleField';
import { SubmitFooter } from './DialogFooter';

/**
 * Changing a key's description, rate limit and preview mark; its name, expiry and secret never change (shown,
 * with when it was made, in the order of the creation form).
 */
export const EditKey = ({ apiKey }: { apiKey: ApiKeySummary }) => {
  const t = useT();
  const { toggleNotification } = useNotification();
  const update = useAdminMutation('apiKeys.update');
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState(apiKey.description);
  const [rateLimit, setRateLimit] = useState<RateLimit | null>(apiKey.rateLimit);
  const [preview, setPreview] = useState(apiKey.preview);
  const [error, setError] = useState<string | null>(null);
  const openWith = (next: boolean) => {
    setOpen(next);
    // Each opening starts from the key as stored.
    setDescription(apiKey.description);
    setRateLimit(apiKey.rateLimit);
    setPreview(apiKey.preview);
    setError(null);
  };
  const save = useOneAtATime(async () => {
    try {
      await update.mutateAsync({ id: apiKey.id, data: { description, rateLimit, preview } });
      setOpen(false);
      toggleNotification({ type: 'success', message: t('common.saved') });
    } catch (failure) {
      setError(problemsText(failure));
    }
  });
  return (
    <Modal.Root open={open} onOpenChange={openWith}>
      <Modal.Trigger>
        <IconButton variant="ghost" label={t('keys.edit.of', { name: apiKey.name })}>
          <Pencil />
        </IconButton>
      </Modal.Trigger>
      <Modal.Content>
        <Modal.Header>
          <Modal.Title>{t('keys.edit.title', { name: apiKey.name })}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Flex direction="column" alignItems="stretch" gap={4}>
            <Field.Root name="name" hint={t('keys.name.fixed')}>
              <Field.Label>{t('keys.column.name')}</Field.Label>
              <Field.Input value={apiKey.name} disabled />
              <Field.Hint />
            </Field.Root>
            <Field.Root name="description" error={error ?? undefined} required>
              <Field.Label>{t('keys.column.description')}</Field.Label>
              <Field.Input value={description} onChange={(e) => setDescription(e.target.value)} />
              <Field.Error />
            </Field.Root>
            <Typography variant="pi" textColor="neutral600" data-testid="key-dates">
              {t('keys.column.created')}: <RelativeTime timestamp={apiKey.createdAt} />. {t('keys.column.expires')}:{' '}
              {apiKey.expiresAt ? <RelativeTime timestamp={apiKey.expiresAt} /> : t('common.never')}.
            </Typography>
            <RateLimitFields name="key-rate-limit" value={rateLimit} onChange={setRateLimit} />
            <ToggleField
              name="preview"
              label={t('keys.preview')}
              hint={t('keys.preview.hint')}
              checked={preview}
              onChange={setPreview}
            />
          </Flex>
        </Modal.Body>
        <SubmitFooter label={t('common.save')} onSubmit={save.run} pending={save.pending} />
      </Modal.Content>
    </Modal.Root>
  );
};
