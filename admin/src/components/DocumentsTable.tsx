import { Button, Flex, Link, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { Link as RouterLink } from 'react-router-dom';
import type { StoredOpenapiDocument } from '../../../contracts/openapi';
import { downloadDocument } from '../api/downloadDocument';
import { useT } from '../hooks/useT';
import { SimpleTable, type Column } from './SimpleTable';

/** Where the server is, for the public URLs of documents (the admin may be served from elsewhere). */
const backendUrl = () => (window as unknown as { strapi?: { backendURL?: string } }).strapi?.backendURL ?? '';

export const DocumentsTable = ({ documents }: { documents: StoredOpenapiDocument[] }) => {
  const t = useT();
  const { get } = useFetchClient();
  if (!documents.length) return <Typography>{t('documents.empty')}</Typography>;
  const columns: Column<StoredOpenapiDocument>[] = [
    { label: t('documents.column.title'), cell: (d) => <Typography fontWeight="bold">{d.title}</Typography> },
    { label: t('documents.column.version'), cell: (d) => <Typography>{d.version}</Typography> },
    {
      label: t('documents.column.endpoints'),
      cell: (d) => <Typography>{t('documents.endpointCount', { count: d.endpoints.length })}</Typography>,
    },
    {
      label: t('documents.column.public'),
      cell: (d) =>
        d.public ? (
          <Link href={`${backendUrl()}${d.publicPath}`} isExternal>
            {d.publicPath}
          </Link>
        ) : (
          <Typography>{t('common.no')}</Typography>
        ),
    },
    {
      label: t('documents.column.actions'),
      cell: (d) => (
        <Flex gap={2}>
          <Button tag={RouterLink} to={`documents/${d.id}`} variant="secondary" size="S">
            {t('documents.preview')}
          </Button>
          <Button variant="tertiary" size="S" onClick={() => downloadDocument(get, d)}>
            {t('documents.download')}
          </Button>
        </Flex>
      ),
    },
  ];
  return <SimpleTable columns={columns} rows={documents} />;
};
