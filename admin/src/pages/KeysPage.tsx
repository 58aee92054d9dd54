import { Button, Field, Flex, Modal, Typography } from '@strapi/design-system';
import { Layouts, Page } from '@strapi/strapi/admin';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { keyNameFrom, type ApiKeySummary } from '../../../contracts/api-key';
import { formatProblem } from '../../../contracts/problems';
import { errorProblems, useAdminApi, useAdminData } from '../api/useAdminData';
import { ConfirmButton } from '../components/ConfirmButton';
import { useKeyUsageColumn } from '../components/KeyUsage';
import { NewSecrets } from '../components/NewSecrets';
import { SimpleTable, type Column } from '../components/SimpleTable';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';

/** Creating a key: its name (else one made from the description) and description, then its secret, shown once. */
const CreateKey = ({ onCreated }: { onCreated: () => void }) => {
  const t = useT();
  const api = useAdminApi();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<(ApiKeySummary & { secret: string }) | null>(null);
  // The server names the property concerned: a refused name is shown under the name.
  const nameError = error?.startsWith('name:') ? error : undefined;
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setName('');
      setDescription('');
      setError(null);
      setCreated(null);
    }
  };
  const submit = async () => {
    try {
      const input = { description, ...(name.trim() ? { name } : {}) };
      setCreated(await api.call('apiKeys.create', { data: input }));
      setError(null);
      onCreated();
    } catch (failure) {
      setError(errorProblems(failure).map(formatProblem).join('; '));
    }
  };
  return (
    <Modal.Root open={open} onOpenChange={close}>
      <Modal.Trigger>
        <Button>{t('keys.create')}</Button>
      </Modal.Trigger>
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
                <Field.Input value={description} onChange={(e: any) => setDescription(e.target.value)} />
                <Field.Error />
              </Field.Root>
              <Field.Root name="name" hint={t('keys.name.hint')} error={nameError}>
                <Field.Label>{t('keys.column.name')}</Field.Label>
                <Field.Input
                  value={name}
                  placeholder={keyNameFrom(description)}
                  onChange={(e: any) => setName(e.target.value)}
                />
                <Field.Hint />
                <Field.Error />
              </Field.Root>
            </Flex>
          )}
        </Modal.Body>
        <Modal.Footer>
          {created ? (
            <Modal.Close>
              <Button>{t('common.done')}</Button>
            </Modal.Close>
          ) : (
            <>
              <Modal.Close>
                <Button variant="tertiary">{t('common.cancel')}</Button>
              </Modal.Close>
              <Button onClick={submit}>{t('keys.create')}</Button>
            </>
          )}
        </Modal.Footer>
      </Modal.Content>
    </Modal.Root>
  );
};

/** API keys (spec 2.3): list, create (secret shown once), revoke. */
export const KeysPage = () => {
  const t = useT();
  const { formatDate } = useIntl();
  const api = useAdminApi();
  const rights = useRights('keys');
  const keys = useAdminData('apiKeys.find');
  const usageColumn = useKeyUsageColumn();
  if (keys.loading || rights.isLoading) return <Page.Loading />;
  if (keys.error) return <Page.Error />;
  const date = (value: string | null) => (value ? formatDate(value) : t('common.never'));
  const columns: Column<ApiKeySummary>[] = [
    { label: t('keys.column.name'), cell: (k) => <Typography fontWeight="bold">{k.name}</Typography> },
    { label: t('keys.column.description'), cell: (k) => <Typography>{k.description}</Typography> },
    { label: t('keys.column.prefix'), cell: (k) => <Typography>{`${k.prefix}…`}</Typography> },
    { label: t('keys.column.created'), cell: (k) => <Typography>{formatDate(k.createdAt)}</Typography> },
    { label: t('keys.column.lastUsed'), cell: (k) => <Typography>{date(k.lastUsedAt)}</Typography> },
    { label: t('keys.column.expires'), cell: (k) => <Typography>{date(k.expiresAt)}</Typography> },
  ];
  if (usageColumn) columns.push(usageColumn);
  if (rights.canManage) {
    columns.push({
      label: t('common.actions'),
      cell: (k) => (
        <ConfirmButton
          label={t('keys.revoke')}
          question={t('keys.revoke.question', { name: k.name })}
          onConfirm={async () => {
            await api.call('apiKeys.delete', { id: k.id });
            keys.reload();
          }}
        />
      ),
    });
  }
  return (
    <>
      <Page.Title>{t('keys.title')}</Page.Title>
      <Layouts.Header
        title={t('keys.title')}
        subtitle={t('keys.subtitle')}
        primaryAction={rights.canManage ? <CreateKey onCreated={keys.reload} /> : undefined}
      />
      <Layouts.Content>
        {keys.data!.length ? (
          <SimpleTable columns={columns} rows={keys.data!} />
        ) : (
          <Typography>{t('keys.empty')}</Typography>
        )}
      </Layouts.Content>
    </>
  );
};
