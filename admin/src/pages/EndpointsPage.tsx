import { Badge, Box, Button, Flex, Searchbar, Switch, Typography } from '@strapi/design-system';
import { Layouts, Page, useNotification } from '@strapi/strapi/admin';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { definitionOf, type StoredEndpoint } from '../../../contracts/definition';
import { problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { useAdminQuery } from '../api/queries';
import { ConfirmButton } from '../components/ConfirmButton';
import { SimpleTable, type Column } from '../components/SimpleTable';
import { TransferButtons } from '../components/TransferButtons';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';
import { routeLabel } from '../utils/labels';

const matches = (endpoint: StoredEndpoint, search: string) =>
  [endpoint.name, endpoint.path, endpoint.object, endpoint.type, endpoint.method].some((text) =>
    text.toLowerCase().includes(search.toLowerCase())
  );

/** The endpoints under /_api: search, switch on and off, edit, delete. */
export const EndpointsPage = () => {
  const t = useT();
  const { toggleNotification } = useNotification();
  const rights = useRights('endpoints');
  const endpoints = useAdminQuery('endpoints.find');
  const update = useAdminMutation('endpoints.update');
  const remove = useAdminMutation('endpoints.delete');
  const [search, setSearch] = useState('');
  if (endpoints.isLoading || rights.isLoading) return <Page.Loading />;
  if (endpoints.error) return <Page.Error />;
  const fail = (failure: unknown) => toggleNotification({ type: 'danger', message: problemsText(failure) });
  const columns: Column<StoredEndpoint>[] = [
    {
      label: t('endpoints.column.path'),
      cell: (e) => <Typography fontWeight="bold">{routeLabel(e)}</Typography>,
    },
    { label: t('endpoints.column.name'), cell: (e) => <Typography>{e.name}</Typography> },
    { label: t('endpoints.column.type'), cell: (e) => <Badge>{e.type}</Badge> },
    { label: t('endpoints.column.object'), cell: (e) => <Typography>{e.object}</Typography> },
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
        <Flex direction="column" alignItems="flex-start" gap={1}>
          <Switch
            aria-label={t('endpoints.column.enabled')}
            checked={e.enabled}
            disabled={!rights.canManage}
            onCheckedChange={async (enabled: boolean) => {
              try {
                await update.mutateAsync({ id: e.id, data: { ...definitionOf(e), enabled } });
              } catch (failure) {
                fail(failure);
              }
            }}
          />
          {e.suspended && (
            <>
              <Badge backgroundColor="danger100" textColor="danger700">
                {t('endpoints.suspended')}
              </Badge>
              {/* Table cells do not wrap: a long reason would push the actions out of sight. */}
              <Box maxWidth="32rem">
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
      label: t('common.actions'),
      cell: (e) => (
        <Flex gap={2}>
          <Button tag={RouterLink} to={`${e.id}`} variant="secondary" size="S">
            {t(rights.canManage ? 'common.edit' : 'common.view')}
          </Button>
          {rights.canManage && (
            <ConfirmButton
              label={t('common.delete')}
              question={t('endpoints.delete.question', { path: routeLabel(e) })}
              onConfirm={async () => {
                await remove.mutateAsync({ id: e.id });
              }}
            />
          )}
        </Flex>
      ),
    },
  ];
  const shown = endpoints.data!.filter((e) => matches(e, search));
  return (
    <>
      <Page.Title>{t('endpoints.title')}</Page.Title>
      <Layouts.Header
        title={t('endpoints.title')}
        subtitle={t('endpoints.subtitle')}
        primaryAction={
          rights.canManage ? (
            <Button tag={RouterLink} to="new">
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
