import { Badge, Flex, Typography } from '@strapi/design-system';
import { Layouts, Page, useNotification } from '@strapi/strapi/admin';
import { useState } from 'react';
import type { ApiKeySummary } from '../../../contracts/api-key';
import { problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { useAdminQuery } from '../api/queries';
import { ConfirmButton } from '../components/ConfirmButton';
import { CreateKey } from '../components/CreateKey';
import { EditKey } from '../components/EditKey';
import { PageHeader } from '../components/PageHeader';
import { rateLimitText } from '../components/RateLimitFields';
import { KeyUsageButton } from '../components/KeyUsage';
import { RelativeTime } from '../components/RelativeTime';
import { CellText, SimpleTable, type Column } from '../components/SimpleTable';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';

/** The name's width: narrower below 1080 px, for the table to fit 1024 px as it fits 1280. */
const NAME_WIDTH = { initial: '10rem', large: '14rem' };

/** API keys (docs/endpoints.md#api-keys): list, create (secret shown once), change the description, limit and preview mark, revoke. */
export const KeysPage = () => {
  const t = useT();
  const { toggleNotification } = useNotification();
  const rights = useRights('keys');
  const keys = useAdminQuery('apiKeys.find');
  const revoke = useAdminMutation('apiKeys.delete');
  const usageRights = useRights('usage');
  // The key whose Edit dialog is open: its pencil, or a click on its row, opens it.
  const [editing, setEditing] = useState<number | null>(null);
  if (keys.isLoading || rights.isLoading || usageRights.isLoading) return <Page.Loading />;
  if (keys.error) return <Page.Error />;
  const when = (value: string | null, none: string) => (value ? <RelativeTime timestamp={value} /> : none);
  const time = (value: string | null, none: number) => (value ? Date.parse(value) : none);
  const columns: Column<ApiKeySummary>[] = [
    {
      label: t('keys.column.name'),
      sortValue: (k) => k.name,
      // The prefix tells keys apart in a log or a config file; the preview mark is rare and matters. (When a key
      // was made is in its Edit dialog: the table keeps to what fits 1280 px.)
      cell: (k) => (
        <Flex direction="column" alignItems="flex-start" gap={1}>
          <CellText bold maxWidth={NAME_WIDTH}>
            {k.name}
          </CellText>
          <Flex gap={2}>
            <Typography variant="pi" textColor="neutral600">{`${k.prefix}…`}</Typography>
            {k.preview && <Badge>{t('keys.preview.badge')}</Badge>}
          </Flex>
        </Flex>
      ),
    },
    {
      label: t('keys.column.description'),
      sortValue: (k) => k.description,
      cell: (k) => <CellText maxWidth={{ initial: '8rem', large: '14rem' }}>{k.description}</CellText>,
    },
    {
      label: t('keys.column.lastUsed'),
      sortValue: (k) => time(k.lastUsedAt, 0),
      cell: (k) => <Typography>{when(k.lastUsedAt, t('common.never'))}</Typography>,
    },
    {
      label: t('keys.column.expires'),
      sortValue: (k) => time(k.expiresAt, Number.MAX_SAFE_INTEGER),
      cell: (k) => <Typography>{when(k.expiresAt, t('common.never'))}</Typography>,
    },
    { label: t('keys.column.rateLimit'), cell: (k) => <Typography>{rateLimitText(k.rateLimit)}</Typography> },
  ];
  // A key's usage (with the usage right) sits with its actions, as one column: the table fits 1024 px.
  if (rights.canManage || usageRights.canRead) {
    columns.push({
      label: t('common.actions'),
      controls: true,
      cell: (k) => (
        <Flex gap={1}>
          {usageRights.canRead && <KeyUsageButton apiKey={k} />}
          {rights.canManage && (
            <EditKey apiKey={k} open={editing === k.id} onOpenChange={(open) => setEditing(open ? k.id : null)} />
          )}
          {rights.canManage && (
            <ConfirmButton
              label={t('keys.revoke.of', { name: k.name })}
              question={t('keys.revoke.question', { name: k.name })}
              onConfirm={async () => {
                try {
                  await revoke.mutateAsync({ id: k.id });
                  toggleNotification({ type: 'success', message: t('keys.revoked', { name: k.name }) });
                } catch (failure) {
                  toggleNotification({ type: 'danger', message: problemsText(failure) });
                }
              }}
            />
          )}
        </Flex>
      ),
    });
  }
  return (
    <>
      <PageHeader
        title={t('keys.title')}
        subtitle={t('keys.subtitle')}
        docs="endpoints"
        primaryAction={rights.canManage ? <CreateKey /> : undefined}
      />
      <Layouts.Content>
        {keys.data!.length ? (
          <SimpleTable
            columns={columns}
            rows={keys.data!}
            onOpen={rights.canManage ? (k) => setEditing(k.id) : undefined}
          />
        ) : (
          <Typography>{t('keys.empty')}</Typography>
        )}
      </Layouts.Content>
    </>
  );
};
