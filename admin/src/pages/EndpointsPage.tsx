import { Badge, Box, Button, Flex, IconButton, Searchbar, Switch, Typography } from '@strapi/design-system';
import { Eye, Pencil, Plus } from '@strapi/icons';
import { Layouts, Page, useNotification } from '@strapi/strapi/admin';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { definitionOf, type StoredEndpoint } from '../../../contracts/definition';
import { problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { useAdminQuery } from '../api/queries';
import { ConfirmButton } from '../components/ConfirmButton';
import { PageHeader } from '../components/PageHeader';
import { CellText, SimpleTable, type Column } from '../components/SimpleTable';
import { TransferButtons } from '../components/TransferButtons';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';
import { routeLabel } from '../utils/labels';

const matches = (endpoint: StoredEndpoint, search: string, objectName: string) =>
  [endpoint.name, endpoint.path, endpoint.object, objectName, endpoint.type, endpoint.method].some((text) =>
    text.toLowerCase().includes(search.toLowerCase())
  );

/** The route and content type columns' widths: narrower below 1080 px, for the table to fit 1024 px as 1280. */
const ROUTE_WIDTH = { initial: '10rem', large: '24rem' };
const OBJECT_WIDTH = { initial: '8rem', large: '12rem' };

/** The endpoints under /_api: search, switch on and off, edit, delete. */
export const EndpointsPage = () => {
  const t = useT();
  const { toggleNotification } = useNotification();
  const navigate = useNavigate();
  const rights = useRights('endpoints');
  const documentRights = useRights('documents');
  const endpoints = useAdminQuery('endpoints.find');
  const objects = useAdminQuery('objects.find');
  // Deleting an endpoint takes it out of the documents that list it: its confirmation names them.
  const documents = useAdminQuery('openapiDocuments.find', documentRights.canRead ? {} : null);
  const update = useAdminMutation('endpoints.update');
  const remove = useAdminMutation('endpoints.delete');
  const [search, setSearch] = useState('');
  if (endpoints.isLoading || rights.isLoading) return <Page.Loading />;
  if (endpoints.error) return <Page.Error />;
  const fail = (failure: unknown) => toggleNotification({ type: 'danger', message: problemsText(failure) });
  // Content types by their display name, as Strapi shows them; the uid while they load (or are gone).
  const objectName = (uid: string) => objects.data?.find((o) => o.uid === uid)?.displayName ?? uid;
  const deleteQuestion = (e: StoredEndpoint) => {
    const titles = (documents.data ?? []).filter((d) => d.endpoints.includes(e.id)).map((d) => d.title);
    const question = t('endpoints.delete.question', { path: routeLabel(e) });
    return titles.length ? `${question} ${t('endpoints.delete.documents', { titles: titles.join(', ') })}` : question;
  };
  const columns: Column<StoredEndpoint>[] = [
    {
      label: t('endpoints.column.endpoint'),
      sortValue: routeLabel,
      cell: (e) => (
        <Flex direction="column" alignItems="flex-start" gap={1}>
          <CellText bold maxWidth={ROUTE_WIDTH}>
            {routeLabel(e)}
          </CellText>
          <CellText variant="pi" textColor="neutral600" maxWidth={ROUTE_WIDTH}>
            {e.name}
          </CellText>
          {e.suspended && (
            <>
              <Badge backgroundColor="danger100" textColor="danger700">
                {t('endpoints.suspended')}
              </Badge>
              {/* Wrapped within the column: a long reason would push the actions out of sight. */}
              <Box maxWidth={ROUTE_WIDTH}>
                <Typography variant="pi" textColor="danger600" style={{ whiteSpace: 'normal' }}>
                  {t('endpoints.suspended.reason', { reason: e.suspended })}
                </Typography>
              </Box>
            </>
          )}
        </Flex>
      ),
    },
    {
      label: t('endpoints.column.type'),
      sortValue: (e) => t(`type.${e.type}`),
      cell: (e) => <Badge>{t(`type.${e.type}`)}</Badge>,
    },
    {
      label: t('endpoints.column.object'),
      sortValue: (e) => objectName(e.object),
      cell: (e) => (
        <Box maxWidth={OBJECT_WIDTH} title={e.object}>
          <Typography ellipsis>{objectName(e.object)}</Typography>
        </Box>
      ),
    },
    {
      label: t('endpoints.column.auth'),
      sortValue: (e) => t(`auth.${e.auth.method}`),
      // Anyone may read a public endpoint: it stands out in the list.
      cell: (e) =>
        e.auth.method === 'public' ? (
          <Badge backgroundColor="warning100" textColor="warning700" data-testid="public-badge">
            {t('auth.public.badge')}
          </Badge>
        ) : (
          <Typography>{t(`auth.${e.auth.method}`)}</Typography>
        ),
    },
    {
      label: t('endpoints.column.enabled'),
      controls: true,
      cell: (e) => (
        <Switch
          aria-label={t('endpoints.enabled.of', { route: routeLabel(e) })}
          checked={e.enabled}
          disabled={!rights.canManage}
          onCheckedChange={async (enabled: boolean) => {
            try {
              await update.mutateAsync({ id: e.id, data: { ...definitionOf(e), enabled } });
              toggleNotification({
                type: 'success',
                message: t(enabled ? 'endpoints.enabled.on' : 'endpoints.enabled.off', { route: routeLabel(e) }),
              });
            } catch (failure) {
              fail(failure);
            }
          }}
        />
      ),
    },
    {
      label: t('common.actions'),
      controls: true,
      cell: (e) => (
        <Flex gap={1}>
          <IconButton
            tag={RouterLink}
            to={`${e.id}`}
            variant="ghost"
            label={t(rights.canManage ? 'endpoints.edit.of' : 'endpoints.view.of', { route: routeLabel(e) })}
          >
            {rights.canManage ? <Pencil /> : <Eye />}
          </IconButton>
          {rights.canManage && (
            <ConfirmButton
              label={t('endpoints.delete.of', { route: routeLabel(e) })}
              question={deleteQuestion(e)}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync({ id: e.id });
                  toggleNotification({ type: 'success', message: t('common.deleted') });
                } catch (failure) {
                  fail(failure);
                }
              }}
            />
          )}
        </Flex>
      ),
    },
  ];
  const shown = endpoints.data!.filter((e) => matches(e, search, objectName(e.object)));
  return (
    <>
      <PageHeader
        title={t('endpoints.title')}
        subtitle={t('endpoints.subtitle')}
        docs="admin-panel"
        primaryAction={
          rights.canManage ? (
            <Button tag={RouterLink} to="new" startIcon={<Plus />}>
              {t('endpoints.create')}
            </Button>
          ) : undefined
        }
        secondaryAction={<TransferButtons />}
      />
      <Layouts.Action
        startActions={
          <Searchbar
            name="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onClear={() => setSearch('')}
            clearLabel={t('common.clear')}
            placeholder={t('endpoints.search')}
          >
            {t('endpoints.search')}
          </Searchbar>
        }
      />
      <Layouts.Content>
        {shown.length ? (
          <SimpleTable columns={columns} rows={shown} onOpen={(e) => navigate(`${e.id}`)} />
        ) : (
          <Typography>{t(search ? 'endpoints.noMatch' : 'endpoints.empty')}</Typography>
        )}
      </Layouts.Content>
    </>
  );
};
