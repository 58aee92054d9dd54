import { Button, Flex, Typography } from '@strapi/design-system';
import { Layouts, Page } from '@strapi/strapi/admin';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { isWrite } from '../../../contracts/definition';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { variablesFor } from '../../../contracts/variables';
import { errorProblems, useAdminApi, useAdminData } from '../api/useAdminData';
import {
  draftOf,
  emptyDraft,
  endpointUrl,
  localProblems,
  methodOf,
  parameterOf,
  payloadOf,
  type Draft,
} from '../builder/draft';
import { problemsBySection } from '../builder/problems';
import { AggregateSection } from '../builder/sections/AggregateSection';
import { AllowedIpsSection } from '../builder/sections/AllowedIpsSection';
import { RateLimitSection } from '../builder/sections/RateLimitSection';
import { AuthSection } from '../builder/sections/AuthSection';
import { FieldsSection } from '../builder/sections/FieldsSection';
import { FilterSection } from '../builder/sections/FilterSection';
import { GeneralSection } from '../builder/sections/GeneralSection';
import { IndexAdviceAlert } from '../builder/sections/IndexAdviceAlert';
import { PresetsSection } from '../builder/sections/PresetsSection';
import type { SectionProps } from '../builder/sections/props';
import { SortSection } from '../builder/sections/SortSection';
import { TasksSection } from '../builder/sections/TasksSection';
import { TryItSection } from '../builder/sections/TryItSection';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';
import { backendUrl } from '../utils/backendUrl';

/** Builds an endpoint (docs/endpoints.md): new, or the one at `:id`. */
export const EndpointEditor = () => {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const api = useAdminApi();
  const rights = useRights('endpoints');
  const stored = useAdminData('endpoints.findOne', isNew ? null : { id: id! });
  const objects = useAdminData('objects.find');
  const keys = useAdminData('apiKeys.find');
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!isNew && stored.data) setDraft(draftOf(stored.data));
  }, [stored.data, isNew]);
  if (stored.loading || objects.loading || keys.loading || rights.isLoading) return <Page.Loading />;
  if ((!isNew && stored.error) || objects.error) return <Page.Error />;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerProblems(({ [key]: _done, ...rest }) => rest);
  };
  const local = localProblems(draft);
  const problems = { ...serverProblems, ...local };
  const object = objects.data!.find((o) => o.uid === draft.object);
  const writes = isWrite(draft.type);
  // A single type has one entry: read or changed, never created or deleted, and never addressed by number.
  const single = object?.kind === 'singleType';
  const save = async () => {
    try {
      const payload = payloadOf(draft, object);
      if (isNew) await api.call('endpoints.create', { data: payload });
      else await api.call('endpoints.update', { id: id!, data: payload });
      navigate(`/plugins/${PLUGIN_ID}/endpoints`);
    } catch (failure) {
      setServerProblems(problemsBySection(errorProblems(failure)));
    }
  };
  const definition = { ...draft, parameter: parameterOf(draft, single) };
  const variables = variablesFor(definition);
  const url = endpointUrl(backendUrl() || window.location.origin, draft, single);
  const section: SectionProps = { draft, set, problems, object };
  // Advice is about the endpoint as saved: its filter and sort (or groups) as they are served.
  const readsTable = !isNew && (stored.data?.type === 'list' || stored.data?.type === 'aggregate');

  return (
    <>
      <Page.Title>{isNew ? t('endpoints.create') : draft.name}</Page.Title>
      <Layouts.Header
        title={isNew ? t('endpoints.create') : draft.name || t('endpoints.title')}
        subtitle={`${methodOf(draft)} ${url}`}
        navigationAction={
          <Button tag={RouterLink} to={`/plugins/${PLUGIN_ID}/endpoints`} variant="tertiary">
            {t('common.back')}
          </Button>
        }
        primaryAction={
          rights.canManage ? (
            <Button onClick={save} disabled={Object.keys(local).length > 0}>
              {t('common.save')}
            </Button>
          ) : undefined
        }
      />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={4}>
          {problems.other && <Typography textColor="danger600">{problems.other}</Typography>}
          <IndexAdviceAlert id={readsTable ? id! : null} />
          <GeneralSection
            {...section}
            objects={objects.data!}
            parameter={definition.parameter}
            single={single}
            url={url}
          />
          {draft.type !== 'delete' && draft.type !== 'aggregate' && (
            <FieldsSection {...section} objects={objects.data!} />
          )}
          {draft.type === 'list' && <SortSection {...section} />}
          <FilterSection {...section} variables={variables} />
          {(draft.type === 'create' || draft.type === 'modify') && (
            <PresetsSection {...section} variables={variables} />
          )}
          {writes && <TasksSection {...section} objects={objects.data!} definition={definition} />}
          {draft.type === 'aggregate' && <AggregateSection {...section} objects={objects.data!} />}
          <AuthSection {...section} keys={keys.data ?? []} />
          <AllowedIpsSection {...section} />
          <RateLimitSection {...section} />
          <TryItSection draft={draft} object={object} />
        </Flex>
      </Layouts.Content>
    </>
  );
};
