import { Box, Button, Flex, IconButton, Typography } from '@strapi/design-system';
import { Download, Eye, Pencil, Plus } from '@strapi/icons';
import { Layouts, Page, useNotification } from '@strapi/strapi/admin';
import type { MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { StoredOpenapiDocument } from '../../../contracts/openapi';
import { downloadDocument } from '../api/downloadDocument';
import { problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { useAdminQuery } from '../api/queries';
import { ConfirmButton } from '../components/ConfirmButton';
import { DocumentEditor } from '../components/DocumentEditor';
import { PageHeader } from '../components/PageHeader';
import { CellText, SimpleTable, type Column } from '../components/SimpleTable';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';
import { backendUrl } from '../utils/backendUrl';

/** The title's and public path's width: narrower below 1080 px, for the table to fit 1024 px as it fits 1280. */
const TEXT_WIDTH = { initial: '12rem', large: '20rem' };

/** Curated OpenAPI documents (docs/openapi.md): list, create and edit, publish, download, preview, delete. */
export const DocumentsPage = () => {
  const t = useT();
  const { toggleNotification } = useNotification();
  const navigate = useNavigate();
  const rights = useRights('documents');
  const documents = useAdminQuery('openapiDocuments.find');
  const endpoints = useAdminQuery('endpoints.find');
  const remove = useAdminMutation('openapiDocuments.delete');
  if (documents.isLoading || endpoints.isLoading || rights.isLoading) return <Page.Loading />;
  if (documents.error) return <Page.Error />;
  // Without the right to read endpoints, the editor offers none (documents keep theirs).
  const choices = endpoints.data ?? [];
  const columns: Column<StoredOpenapiDocument>[] = [
    {
      label: t('documents.column.title'),
      sortValue: (d) => d.title,
      cell: (d) => (
        <CellText bold maxWidth={TEXT_WIDTH}>
          {d.title}
        </CellText>
      ),
    },
    {
      label: t('documents.column.version'),
      sortValue: (d) => d.version,
      cell: (d) => <CellText maxWidth="8rem">{d.version}</CellText>,
    },
    {
      label: t('documents.column.endpoints'),
      sortValue: (d) => d.endpoints.length,
      cell: (d) => <Typography>{t('documents.endpointCount', { count: d.endpoints.length })}</Typography>,
    },
    {
      label: t('documents.column.public'),
      cell: (d) =>
        d.public ? (
          <Box maxWidth={TEXT_WIDTH}>
            <Typography
              tag="a"
              href={`${backendUrl()}${d.publicPath}`}
              target="_blank"
              rel="noreferrer"
              // The link opens the public document, not the row's preview as well.
              onClick={(event: MouseEvent) => event.stopPropagation()}
              title={d.publicPath}
              textColor="primary600"
              ellipsis
            >
              {d.publicPath}
            </Typography>
          </Box>
        ) : (
          <Typography>{t('common.no')}</Typography>
        ),
    },
    {
      label: t('common.actions'),
      controls: true,
      cell: (d) => (
        <Flex gap={1}>
          <IconButton
            tag={RouterLink}
            to={`${d.id}`}
            variant="ghost"
            label={t('documents.preview.of', { title: d.title })}
          >
            <Eye />
          </IconButton>
          <IconButton
            variant="ghost"
            label={t('documents.download.of', { title: d.title })}
            onClick={() => downloadDocument(d)}
          >
            <Download />
          </IconButton>
          {rights.canManage && (
            <DocumentEditor
              document={d}
              endpoints={choices}
              trigger={
                <IconButton variant="ghost" label={t('documents.edit.of', { title: d.title })}>
                  <Pencil />
                </IconButton>
              }
            />
          )}
          {rights.canManage && (
            <ConfirmButton
              label={t('documents.delete.of', { title: d.title })}
              question={t('documents.delete.question', { title: d.title })}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync({ id: d.id });
                  toggleNotification({ type: 'success', message: t('common.deleted') });
                } catch (failure) {
                  toggleNotification({ type: 'danger', message: problemsText(failure) });
                }
              }}
            />
          )}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('documents.title')}
        subtitle={t('documents.subtitle')}
        docs="openapi"
        primaryAction={
          rights.canManage ? (
            <DocumentEditor
              endpoints={choices}
              trigger={<Button startIcon={<Plus />}>{t('documents.create')}</Button>}
            />
          ) : undefined
        }
      />
      <Layouts.Content>
        {documents.data!.length ? (
          <SimpleTable columns={columns} rows={documents.data!} onOpen={(d) => navigate(`${d.id}`)} />
        ) : (
          <Typography>{t('documents.empty')}</Typography>
        )}
      </Layouts.Content>
    </>
  );
};
