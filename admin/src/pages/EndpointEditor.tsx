import { Page } from '@strapi/strapi/admin';
import { useParams } from 'react-router-dom';
import { useAdminQuery } from '../api/queries';
import { EndpointForm } from '../builder/EndpointForm';
import { EndpointNotFound } from '../builder/EndpointNotFound';
import { useRights } from '../hooks/useRights';

/** Whether a read was answered 404 (Strapi's fetch client sets the status on the error it throws). */
const isNotFound = (error: unknown) => (error as { status?: unknown } | null)?.status === 404;

/** Builds an endpoint (docs/endpoints.md): new, or the one at `:id`. */
export const EndpointEditor = () => {
  const { id } = useParams<{ id: string }>();
  const isNew = id === 'new';
  const rights = useRights('endpoints');
  const stored = useAdminQuery('endpoints.findOne', isNew ? null : { id: id! });
  const objects = useAdminQuery('objects.find');
  const keys = useAdminQuery('apiKeys.find');
  // The form starts from the endpoint as it is now, not as a cache last saw it.
  const fresh = isNew || stored.isFetchedAfterMount;
  if (!fresh || stored.isLoading || objects.isLoading || keys.isLoading || rights.isLoading) return <Page.Loading />;
  if (!isNew && isNotFound(stored.error)) return <EndpointNotFound />;
  if ((!isNew && stored.error) || objects.error) return <Page.Error />;
  return (
    // One form per endpoint, its draft made from the endpoint when it mounts: a later load never overwrites an edit.
    <EndpointForm
      key={id}
      stored={isNew ? null : stored.data!}
      objects={objects.data!}
      keys={keys.data ?? []}
      canManage={rights.canManage}
    />
  );
};
