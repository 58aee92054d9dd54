import { Button, Flex, Link, Typography } from '@strapi/design-system';
import { Layouts, Page } from '@strapi/strapi/admin';
import { Link as RouterLink } from 'react-router-dom';
import type { StoredOpenapiDocument } from '../../../contracts/openapi';
import { downloadDocument } from '../api/downloadDocument';
import { useAdminMutation } from '../api/mutations';
import { useAdminQuery } from '../api/queries';
import { ConfirmButton } from '../components/ConfirmButton';
import { DocumentEditor } from '../components/DocumentEditor';
import { SimpleTable, type Column } from '../components/SimpleTable';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';
import { backendUrl } from '../utils/backendUrl';

/** Curated OpenAPI documents (docs/openapi.md): list, create and edit, publish, download, preview, delete. */
export const DocumentsPage = () => {
  const t = useT();
  const rights = useRights('documents');
  const documents = useAdminQuery('openapiDocuments.find');
  const endpoints = useAdminQuery('endpoints.find');
  const remove = useAdminMutation('openapiDocuments.delete');
  if (documents.isLoading || endpoints.isLoading || rights.isLoading) return <Page.Loading />;
  if (documents.error) return <Page.Error />;
  // Without the right to read endpoints, the editor offers none (documents keep theirs).
  const choices = endpoints.data ?? [];
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
      label: t('common.actions'),
      cell: (d) => (
        <Flex gap={2}>
          <Button tag={RouterLink} to={`${d.id}`} variant="secondary" size="S">
            {t('documents.preview')}
          </Button>
          <Button variant="tertiary" size="S" onClick={() => downloadDocument(d)}>
            {t('documents.download')}
          </Button>
          {rights.canManage && (
            <DocumentEditor
              document={d}
              endpoints={choices}
              trigger={
                <Button variant="tertiary" size="S">
                  {t('common.edit')}
                </Button>
              }
            />
          )}
          {rights.canManage && (
            <ConfirmButton
              label={t('common.delete')}
              question={t('documents.delete.question', { title: d.title })}
              onConfirm={async () => {
                await remove.mutateAsync({ id: d.id });
              }}
            />
          )}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <Page.Title>{t('documents.title')}</Page.Title>
      <Layouts.Header
        title={t('documents.title')}
        subtitle={t('documents.subtitle')}
        primaryAction={
          rights.canManage ? (
            <DocumentEditor endpoints={choices} trigger={<Button>{t('documents.create')}</Button>} />
          ) : undefined
        }
      />
      <Layouts.Content>
        {documents.data!.length ? (
          <SimpleTable columns={columns} rows={documents.data!} />
        ) : (
          <Typography>{t('documents.empty')}</Typography>
        )}
      </Layouts.Content>
    </>
  );
};
