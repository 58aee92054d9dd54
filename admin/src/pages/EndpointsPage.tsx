import { Badge, Box, Button, Flex, IconButton, Searchbar, Switch, Typography } from '@strapi/design-system';
import { Eye, Pencil, Plus } from '@strapi/icons';
import { Layouts, Page, useNotification } from '@strapi/strapi/admin';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
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

/** The endpoints under /_api: search, switch on and off, edit, delete. */
export const EndpointsPage = () => {
  const t = useT();
  const { toggleNotification } = useNotification();
  const rights = useRights('endpoints');
  const endpoints = useAdminQuery('endpoints.find');
  const objects = useAdminQuery('objects.find');
  const update = useAdminMutation('endpoints.update');
  const remove = useAdminMutation('endpoints.delete');
  const [search, setSearch] = useState('');
  if (endpoints.isLoading || rights.isLoading) return <Page.Loading />;
  if (endpoints.error) return <Page.Error />;
  const fail = (failure: unknown) => toggleNotification({ type: 'danger', message: problemsText(failure) });
  // Content types by their display name, as Strapi shows them; the uid while they load (or are gone).
  const objectName = (uid: string) => objects.data?.find((o) => o.uid === uid)?.displayName ?? uid;
  const columns: Column<StoredEndpoint>[] = [
    {
      label: t('endpoints.column.endpoint'),
      cell: (e) => (
        <Flex direction="column" alignItems="flex-start" gap={1}>
          <CellText bold maxWidth="24rem">
            {routeLabel(e)}
          </CellText>
          <CellText variant="pi" textColor="neutral600" maxWidth="24rem">
            {e.name}
          </CellText>
          {e.suspended && (
            <>
              <Badge backgroundColor="danger100" textColor="danger700">
                {t('endpoints.suspended')}
              </Badge>
              {/* Wrapped within the column: a long reason would push the actions out of sight. */}
              <Box maxWidth="20rem">
                <Typography variant="pi" textColor="danger600" style={{ whiteSpace: 'normal' }}>
                  {t('endpoints.suspended.reason', { reason: e.suspended })}
                </Typography>
              </Box>
            </>
          )}
        </Flex>
      ),
    },
    { label: t('endpoints.column.type'), cell: (e) => <Badge>{t(`type.${e.type}`)}</Badge> },
    {
      label: t('endpoints.column.object'),
      cell: (e) => (
        <Box maxWidth="12rem" title={e.object}>
          <Typography ellipsis>{objectName(e.object)}</Typography>
        </Box>
      ),
    },
    {
      label: t('endpoints.column.auth'),
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
              question={t('endpoints.delete.question', { path: routeLabel(e) })}
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
          <SimpleTable columns={columns} rows={shown} />
        ) : (
          <Typography>{t(search ? 'endpoints.noMatch' : 'endpoints.empty')}</Typography>
        )}
      </Layouts.Content>
    </>
  );
};
