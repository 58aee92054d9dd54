import { Page, Layouts } from '@strapi/strapi/admin';
import { Box, Table, Thead, Tbody, Tr, Th, Td, Typography, Badge, Flex } from '@strapi/design-system';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ApiKeySummary } from '../../../contracts/api-key';
import type { StoredEndpoint } from '../../../contracts/definition';
import { MENU_PERMISSIONS } from '../../../contracts/permissions';
import { useAdminData } from '../api/useAdminData';
import { getTranslation } from '../utils/getTranslation';

const EndpointsTable = ({ endpoints }: { endpoints: StoredEndpoint[] }) => {
  const { formatMessage } = useIntl();
  const t = (id: string) => formatMessage({ id: getTranslation(id) });
  if (!endpoints.length) return <Typography>{t('endpoints.empty')}</Typography>;
  return (
    <Table colCount={5} rowCount={endpoints.length + 1}>
      <Thead>
        <Tr>
          {['path', 'type', 'object', 'auth', 'enabled'].map((c) => (
            <Th key={c}>
              <Typography variant="sigma">{t(`endpoints.column.${c}`)}</Typography>
            </Th>
          ))}
        </Tr>
      </Thead>
      <Tbody>
        {endpoints.map((e) => (
          <Tr key={e.id}>
            <Td>
              <Typography fontWeight="bold">
                {e.method} /_api/{e.path}
              </Typography>
            </Td>
            <Td>
              <Badge>{e.type}</Badge>
            </Td>
            <Td>
              <Typography>{e.object}</Typography>
            </Td>
            <Td>
              <Typography>{e.auth.method}</Typography>
            </Td>
            <Td>
              <Typography>{t(e.enabled ? 'common.yes' : 'common.no')}</Typography>
            </Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
};

const KeysTable = ({ keys }: { keys: ApiKeySummary[] }) => {
  const { formatMessage, formatDate } = useIntl();
  const t = (id: string) => formatMessage({ id: getTranslation(id) });
  if (!keys.length) return <Typography>{t('keys.empty')}</Typography>;
  return (
    <Table colCount={4} rowCount={keys.length + 1}>
      <Thead>
        <Tr>
          {['description', 'prefix', 'created', 'lastUsed'].map((c) => (
            <Th key={c}>
              <Typography variant="sigma">{t(`keys.column.${c}`)}</Typography>
            </Th>
          ))}
        </Tr>
      </Thead>
      <Tbody>
        {keys.map((k) => (
          <Tr key={k.id}>
            <Td>
              <Typography>{k.description}</Typography>
            </Td>
            <Td>
              <Typography>{k.prefix}…</Typography>
            </Td>
            <Td>
              <Typography>{formatDate(k.createdAt)}</Typography>
            </Td>
            <Td>
              <Typography>{k.lastUsedAt ? formatDate(k.lastUsedAt) : t('common.never')}</Typography>
            </Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
};

const Overview = () => {
  const { formatMessage } = useIntl();
  const t = (id: string) => formatMessage({ id: getTranslation(id) });
  const endpoints = useAdminData<StoredEndpoint[]>('endpoints');
  const keys = useAdminData<ApiKeySummary[]>('api-keys');
  if (endpoints.loading || keys.loading) return <Page.Loading />;
  // Each section shows only to admins allowed to read it (the admin API answers 403 otherwise).
  if (endpoints.error && keys.error) return <Page.Error />;
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

const App = () => (
  <Page.Protect permissions={MENU_PERMISSIONS}>
    <Overview />
  </Page.Protect>
);

export default App;
