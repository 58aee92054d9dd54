import { Page, Layouts } from '@strapi/strapi/admin';
import { Badge, Box, Flex, Typography } from '@strapi/design-system';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ApiKeySummary } from '../../../contracts/api-key';
import type { StoredEndpoint } from '../../../contracts/definition';
import type { StoredOpenapiDocument } from '../../../contracts/openapi';
import { isForbidden, useAdminData } from '../api/useAdminData';
import { DocumentsTable } from '../components/DocumentsTable';
import { SimpleTable, type Column } from '../components/SimpleTable';
import { useT } from '../hooks/useT';

const EndpointsTable = ({ endpoints }: { endpoints: StoredEndpoint[] }) => {
  const t = useT();
  if (!endpoints.length) return <Typography>{t('endpoints.empty')}</Typography>;
  const columns: Column<StoredEndpoint>[] = [
    {
      label: t('endpoints.column.path'),
      cell: (e) => <Typography fontWeight="bold">{`${e.method} /_api/${e.path}`}</Typography>,
    },
    { label: t('endpoints.column.type'), cell: (e) => <Badge>{e.type}</Badge> },
    { label: t('endpoints.column.object'), cell: (e) => <Typography>{e.object}</Typography> },
    { label: t('endpoints.column.auth'), cell: (e) => <Typography>{e.auth.method}</Typography> },
    {
      label: t('endpoints.column.enabled'),
      cell: (e) => <Typography>{t(e.enabled ? 'common.yes' : 'common.no')}</Typography>,
    },
  ];
  return <SimpleTable columns={columns} rows={endpoints} />;
};

const KeysTable = ({ keys }: { keys: ApiKeySummary[] }) => {
  const t = useT();
  const { formatDate } = useIntl();
  if (!keys.length) return <Typography>{t('keys.empty')}</Typography>;
  const columns: Column<ApiKeySummary>[] = [
    { label: t('keys.column.description'), cell: (k) => <Typography>{k.description}</Typography> },
    { label: t('keys.column.prefix'), cell: (k) => <Typography>{`${k.prefix}…`}</Typography> },
    { label: t('keys.column.created'), cell: (k) => <Typography>{formatDate(k.createdAt)}</Typography> },
    {
      label: t('keys.column.lastUsed'),
      cell: (k) => <Typography>{k.lastUsedAt ? formatDate(k.lastUsedAt) : t('common.never')}</Typography>,
    },
  ];
  return <SimpleTable columns={columns} rows={keys} />;
};

/** The plugin's home: its endpoints, API keys and OpenAPI documents, each shown to those who may read it. */
const Overview = () => {
  const t = useT();
  const endpoints = useAdminData<StoredEndpoint[]>('endpoints');
  const keys = useAdminData<ApiKeySummary[]>('api-keys');
  const documents = useAdminData<StoredOpenapiDocument[]>('openapi-documents');
  const sections = [endpoints, keys, documents];
  if (sections.some((s) => s.loading)) return <Page.Loading />;
  // A section the admin may not read (403) is left out; any other failure is an error.
  const failed = sections.some((s) => s.error && !isForbidden(s.error));
  if (failed || sections.every((s) => s.error)) return <Page.Error />;
  return (
    <Layouts.Root>
      <Page.Title>{t('plugin.name')}</Page.Title>
      <Layouts.Header title={t('plugin.name')} subtitle={t('endpoints.subtitle')} />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={6}>
          {!endpoints.error && (
            <Section title={t('endpoints.title')}>
              <EndpointsTable endpoints={endpoints.data ?? []} />
            </Section>
          )}
          {!keys.error && (
            <Section title={t('keys.title')}>
              <KeysTable keys={keys.data ?? []} />
            </Section>
          )}
          {!documents.error && (
            <Section title={t('documents.title')}>
              <DocumentsTable documents={documents.data ?? []} />
            </Section>
          )}
        </Flex>
      </Layouts.Content>
    </Layouts.Root>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
    <Typography tag="h2" variant="delta">
      {title}
    </Typography>
    <Box paddingTop={4}>{children}</Box>
  </Box>
);

export default Overview;
