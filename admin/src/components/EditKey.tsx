import { Field, Flex, IconButton, Modal, Typography } from '@strapi/design-system';
import { Pencil } from '@strapi/icons';
import { useNotification } from '@strapi/strapi/admin';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ApiKeySummary } from '../../../contracts/api-key';
import type { RateLimit } from '../../../contracts/rate-limit';
import { problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { useOneAtATime } from '../hooks/useOneAtATime';
import { useT } from '../hooks/useT';
import { daysOf, useDurationWords } from './KeyDuration';
import { RateLimitFields } from './RateLimitFields';
import { RelativeTime } from './RelativeTime';
import { ToggleField } from './ToggleField';
import { SubmitFooter } from './DialogFooter';

/**
 * Changing a key's description, rate limit and preview mark; its name, duration and secret never change (shown,
 * with when it was made, in the order of the creation form). Opened by its pencil or by the table (`open`).
 */
export const EditKey = ({
  apiKey,
  open,
  onOpenChange,
}: {
  apiKey: ApiKeySummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => {
  const t = useT();
  const { formatDate } = useIntl();
  const durationWords = useDurationWords();
  const { toggleNotification } = useNotification();
  const update = useAdminMutation('apiKeys.update');
  const [description, setDescription] = useState(apiKey.description);
  const [rateLimit, setRateLimit] = useState<RateLimit | null>(apiKey.rateLimit);
  const [preview, setPreview] = useState(apiKey.preview);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    // Each opening starts from the key as stored.
    setDescription(apiKey.description);
    setRateLimit(apiKey.rateLimit);
    setPreview(apiKey.preview);
    setError(null);
  }, [open, apiKey]);
  const save = useOneAtATime(async () => {
    try {
      await update.mutateAsync({ id: apiKey.id, data: { description, rateLimit, preview } });
      onOpenChange(false);
      toggleNotification({ type: 'success', message: t('common.saved') });
    } catch (failure) {
      setError(problemsText(failure));
    }
  });
  return (
    <Modal.Root open={open} onOpenChange={onOpenChange}>
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
            {/* As Strapi's API token form shows a token's duration once made: the choice, then the date. */}
            <Field.Root
              name="duration"
              hint={
                apiKey.expiresAt
                  ? t('keys.expirationDate', { date: formatDate(apiKey.expiresAt, { dateStyle: 'full' }) })
                  : undefined
              }
            >
              <Field.Label>{t('keys.duration')}</Field.Label>
              <Field.Input value={durationWords(daysOf(apiKey))} disabled />
              <Field.Hint />
            </Field.Root>
            <Typography variant="pi" textColor="neutral600" data-testid="key-created">
              {t('keys.column.created')}: <RelativeTime timestamp={apiKey.createdAt} />.
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
