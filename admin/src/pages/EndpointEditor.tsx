import { Page } from '@strapi/strapi/admin';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { StoredEndpoint } from '../../../contracts/definition';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { useAdminQuery } from '../api/queries';
import { EndpointForm } from '../builder/EndpointForm';
import { NotFound } from '../components/NotFound';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';

const LIST = `/plugins/${PLUGIN_ID}/endpoints`;

/** Whether a read was answered 404 (Strapi's fetch client sets the status on the error it throws). */
const isNotFound = (error: unknown) => (error as { status?: unknown } | null)?.status === 404;

/** Builds an endpoint (docs/endpoints.md): new, or the one at `:id`. */
export const EndpointEditor = () => {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const isNew = id === 'new';
  // The endpoint this page's form has just created: the same form goes on at its address, scrolled as it was.
  const [created, setCreated] = useState<StoredEndpoint | null>(null);
  const own = created !== null && String(created.id) === id;
  const rights = useRights('endpoints');
  const stored = useAdminQuery('endpoints.findOne', isNew ? null : { id: id! });
  const objects = useAdminQuery('objects.find');
  const keys = useAdminQuery('apiKeys.find');
  // The form starts from the endpoint as it is now, not as a cache last saw it.
  const fresh = isNew || own || stored.isFetchedAfterMount;
  const loading = !own && stored.isLoading;
  if (!fresh || loading || objects.isLoading || keys.isLoading || rights.isLoading) return <Page.Loading />;
  // The address of an endpoint since deleted (a bookmark): said so, with a link to the list.
  if (!isNew && !own && isNotFound(stored.error))
    return (
      <NotFound
        title={t('builder.notFound.title')}
        text={t('builder.notFound')}
        back={t('builder.notFound.back')}
        to={LIST}
      />
    );
  if ((!isNew && !own && stored.error) || objects.error) return <Page.Error />;
  return (
    // One form per endpoint, its draft made from the endpoint when it mounts: a later load never overwrites an edit.
    <EndpointForm
      key={own ? 'new' : id}
      stored={isNew ? null : (stored.data ?? created)!}
      objects={objects.data!}
      keys={keys.data ?? []}
      canManage={rights.canManage}
      onCreated={(endpoint) => {
        setCreated(endpoint);
        navigate(`${LIST}/${endpoint.id}`, { replace: true });
      }}
    />
  );
};
