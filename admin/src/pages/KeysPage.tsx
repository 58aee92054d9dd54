import { Flex, Typography } from '@strapi/design-system';
import { Layouts, Page } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import type { ApiKeySummary } from '../../../contracts/api-key';
import { useAdminMutation } from '../api/mutations';
import { useAdminQuery } from '../api/queries';
import { ConfirmButton } from '../components/ConfirmButton';
import { CreateKey } from '../components/CreateKey';
import { EditKey } from '../components/EditKey';
import { rateLimitText } from '../components/RateLimitFields';
import { useKeyUsageColumn } from '../components/KeyUsage';
import { SimpleTable, type Column } from '../components/SimpleTable';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';

/** API keys (docs/endpoints.md#api-keys): list, create (secret shown once), change the description, limit and preview mark, revoke. */
export const KeysPage = () => {
  const t = useT();
  const { formatDate } = useIntl();
  const rights = useRights('keys');
  const keys = useAdminQuery('apiKeys.find');
  const revoke = useAdminMutation('apiKeys.delete');
  const usageColumn = useKeyUsageColumn();
  if (keys.isLoading || rights.isLoading) return <Page.Loading />;
  if (keys.error) return <Page.Error />;
  const date = (value: string | null) => (value ? formatDate(value) : t('common.never'));
  const columns: Column<ApiKeySummary>[] = [
    { label: t('keys.column.name'), cell: (k) => <Typography fontWeight="bold">{k.name}</Typography> },
    { label: t('keys.column.description'), cell: (k) => <Typography>{k.description}</Typography> },
    { label: t('keys.column.prefix'), cell: (k) => <Typography>{`${k.prefix}…`}</Typography> },
    { label: t('keys.column.created'), cell: (k) => <Typography>{formatDate(k.createdAt)}</Typography> },
    { label: t('keys.column.lastUsed'), cell: (k) => <Typography>{date(k.lastUsedAt)}</Typography> },
    { label: t('keys.column.expires'), cell: (k) => <Typography>{date(k.expiresAt)}</Typography> },
    { label: t('keys.column.rateLimit'), cell: (k) => <Typography>{rateLimitText(k.rateLimit)}</Typography> },
    {
      label: t('keys.column.preview'),
      cell: (k) => <Typography>{k.preview ? t('common.yes') : t('common.no')}</Typography>,
    },
  ];
  if (usageColumn) columns.push(usageColumn);
  if (rights.canManage) {
    columns.push({
      label: t('common.actions'),
      cell: (k) => (
        <Flex gap={2}>
          <EditKey apiKey={k} />
          <ConfirmButton
            label={t('keys.revoke')}
            question={t('keys.revoke.question', { name: k.name })}
            onConfirm={async () => {
              await revoke.mutateAsync({ id: k.id });
            }}
          />
        </Flex>
      ),
    });
  }
  return (
    <>
      <Page.Title>{t('keys.title')}</Page.Title>
      <Layouts.Header
        title={t('keys.title')}
        subtitle={t('keys.subtitle')}
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
