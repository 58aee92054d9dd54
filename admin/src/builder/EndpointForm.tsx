import { Button, Flex, Typography } from '@strapi/design-system';
import { Layouts, Page } from '@strapi/strapi/admin';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { ApiKeySummary } from '../../../contracts/api-key';
import type { StoredEndpoint } from '../../../contracts/definition';
import type { ObjectDescription } from '../../../contracts/objects';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { hasSection } from '../../../contracts/sections';
import { variablesFor } from '../../../contracts/variables';
import { errorProblems } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { useOneAtATime } from '../hooks/useOneAtATime';
import { useT } from '../hooks/useT';
import { backendUrl } from '../utils/backendUrl';
import { draftOf, emptyDraft, endpointUrl, localProblems, methodOf, parameterOf, payloadOf, type Draft } from './draft';
import { problemsBySection } from './problems';
import { AggregateSection } from './sections/AggregateSection';
import { AllowedIpsSection } from './sections/AllowedIpsSection';
import { AuthSection } from './sections/AuthSection';
import { FieldsSection } from './sections/FieldsSection';
import { FilterSection } from './sections/FilterSection';
import { GeneralSection } from './sections/GeneralSection';
import { IndexAdviceAlert } from './sections/IndexAdviceAlert';
import type { Problems, SectionProps } from './sections/props';
import { PresetsSection } from './sections/PresetsSection';
import { RateLimitSection } from './sections/RateLimitSection';
import { SortSection } from './sections/SortSection';
import { TasksSection } from './sections/TasksSection';
import { TryItSection } from './sections/TryItSection';
import { HelpLink } from '../components/HelpLink';

/**
 * The endpoint builder's form: a draft made from `stored` (null: a new endpoint) when it mounts, the sections of
 * its type, and Save, which sends one save at a time.
 */
export const EndpointForm = ({
  stored,
  objects,
  keys,
  canManage,
}: {
  stored: StoredEndpoint | null;
  objects: ObjectDescription[];
  keys: ApiKeySummary[];
  canManage: boolean;
}) => {
  const t = useT();
  const navigate = useNavigate();
  const create = useAdminMutation('endpoints.create');
  const update = useAdminMutation('endpoints.update');
  const [draft, setDraft] = useState<Draft>(() => (stored ? draftOf(stored) : emptyDraft()));
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const local = localProblems(draft);
  const object = objects.find((o) => o.uid === draft.object);
  const save = useOneAtATime(async () => {
    try {
      const payload = payloadOf(draft, object);
      if (stored) await update.mutateAsync({ id: stored.id, data: payload });
      else await create.mutateAsync({ data: payload });
      navigate(`/plugins/${PLUGIN_ID}/endpoints`);
    } catch (failure) {
      setServerProblems(problemsBySection(errorProblems(failure)));
    }
  });

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerProblems(({ [key]: _done, ...rest }) => rest);
  };
  const problems = { ...serverProblems, ...local };
  // A single type has one entry: read or changed, never created or deleted, and never addressed by number.
  const single = object?.kind === 'singleType';
  const definition = { ...draft, parameter: parameterOf(draft, single) };
  const variables = variablesFor(definition);
  const url = endpointUrl(backendUrl() || window.location.origin, draft, single);
  const section: SectionProps = { draft, set, problems, object };
  const has = (name: Parameters<typeof hasSection>[1]) => hasSection(draft.type, name);
  // Advice is about the endpoint as saved: its filter and sort (or groups) as they are served.
  const adviceId = stored?.type === 'list' || stored?.type === 'aggregate' ? stored.id : null;

  return (
    <>
      <Page.Title>{stored ? draft.name : t('endpoints.create')}</Page.Title>
      <Layouts.Header
        title={stored ? draft.name || t('endpoints.title') : t('endpoints.create')}
        subtitle={`${methodOf(draft)} ${url}`}
        secondaryAction={<HelpLink page="endpoints" />}
        navigationAction={
          <Button tag={RouterLink} to={`/plugins/${PLUGIN_ID}/endpoints`} variant="tertiary">
            {t('common.back')}
          </Button>
        }
        primaryAction={
          canManage ? (
            <Button onClick={save.run} loading={save.pending} disabled={save.pending || Object.keys(local).length > 0}>
              {t('common.save')}
            </Button>
          ) : undefined
        }
      />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={4}>
          {problems.other && <Typography textColor="danger600">{problems.other}</Typography>}
          <IndexAdviceAlert id={adviceId} />
          <GeneralSection {...section} objects={objects} parameter={definition.parameter} single={single} url={url} />
          {has('fields') && <FieldsSection {...section} objects={objects} />}
          {has('sort') && <SortSection {...section} />}
          <FilterSection {...section} variables={variables} />
          {has('presets') && <PresetsSection {...section} variables={variables} />}
          {has('tasks') && <TasksSection {...section} objects={objects} definition={definition} />}
          {has('aggregate') && <AggregateSection {...section} objects={objects} />}
          <AuthSection {...section} keys={keys} />
          <AllowedIpsSection {...section} />
          <RateLimitSection {...section} />
          <TryItSection draft={draft} object={object} />
        </Flex>
      </Layouts.Content>
    </>
  );
};
