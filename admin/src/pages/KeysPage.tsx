import { Badge, Flex, Typography } from '@strapi/design-system';
import { Layouts, Page, useNotification } from '@strapi/strapi/admin';
import type { ApiKeySummary } from '../../../contracts/api-key';
import { problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { useAdminQuery } from '../api/queries';
import { ConfirmButton } from '../components/ConfirmButton';
import { CreateKey } from '../components/CreateKey';
import { EditKey } from '../components/EditKey';
import { PageHeader } from '../components/PageHeader';
import { rateLimitText } from '../components/RateLimitFields';
import { useKeyUsageColumn } from '../components/KeyUsage';
import { RelativeTime } from '../components/RelativeTime';
import { CellText, SimpleTable, type Column } from '../components/SimpleTable';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';

/** API keys (docs/endpoints.md#api-keys): list, create (secret shown once), change the description, limit and preview mark, revoke. */
export const KeysPage = () => {
  const t = useT();
  const { toggleNotification } = useNotification();
  const rights = useRights('keys');
  const keys = useAdminQuery('apiKeys.find');
  const revoke = useAdminMutation('apiKeys.delete');
  const usageColumn = useKeyUsageColumn();
  if (keys.isLoading || rights.isLoading) return <Page.Loading />;
  if (keys.error) return <Page.Error />;
  const when = (value: string | null, none: string) => (value ? <RelativeTime timestamp={value} /> : none);
  const columns: Column<ApiKeySummary>[] = [
    {
      label: t('keys.column.name'),
      // The prefix tells keys apart in a log or a config file; the preview mark is rare and matters. (When a key
      // was made is in its Edit dialog: the table keeps to what fits 1280 px.)
      cell: (k) => (
        <Flex direction="column" alignItems="flex-start" gap={1}>
          <CellText bold maxWidth="14rem">
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
      cell: (k) => <CellText maxWidth="14rem">{k.description}</CellText>,
    },
    { label: t('keys.column.lastUsed'), cell: (k) => <Typography>{when(k.lastUsedAt, t('common.never'))}</Typography> },
    {
      label: t('keys.column.expires'),
      cell: (k) => <Typography>{when(k.expiresAt, t('common.never'))}</Typography>,
    },
    { label: t('keys.column.rateLimit'), cell: (k) => <Typography>{rateLimitText(k.rateLimit)}</Typography> },
  ];
  if (usageColumn) columns.push(usageColumn);
  if (rights.canManage) {
    columns.push({
      label: t('common.actions'),
      cell: (k) => (
        <Flex gap={1}>
          <EditKey apiKey={k} />
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
          <SimpleTable columns={columns} rows={keys.data!} />
        ) : (
          <Typography>{t('keys.empty')}</Typography>
        )}
      </Layouts.Content>
    </>
  );
};
