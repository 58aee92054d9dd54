import { Button, Flex, Typography } from '@strapi/design-system';
import { Check } from '@strapi/icons';
import { BackButton, Layouts, Page, useNotification } from '@strapi/strapi/admin';
import { useState } from 'react';
import type { ApiKeySummary } from '../../../contracts/api-key';
import type { StoredEndpoint } from '../../../contracts/definition';
import type { ObjectDescription } from '../../../contracts/objects';
import { PLUGIN_ID } from '../../../contracts/plugin';
import type { Problem } from '../../../contracts/problems';
import { hasSection } from '../../../contracts/sections';
import { variablesFor } from '../../../contracts/variables';
import { errorProblems, problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { HelpLink } from '../components/HelpLink';
import { PurgeCacheButton } from '../components/PurgeCacheButton';
import { useFocusFirstProblem } from '../hooks/useFocusFirstProblem';
import { useOneAtATime } from '../hooks/useOneAtATime';
import { useT } from '../hooks/useT';
import { backendUrl } from '../utils/backendUrl';
import { draftOf, emptyDraft, endpointUrl, methodOf, parameterOf, payloadOf, type Draft } from './draft';
import { problemPlace, sectionPlace } from './problemPlaces';
import { AggregateSection } from './sections/AggregateSection';
import { AllowedIpsSection } from './sections/AllowedIpsSection';
import { AuthSection } from './sections/AuthSection';
import { CacheSection } from './sections/CacheSection';
import { FieldsSection } from './sections/FieldsSection';
import { FilterSection } from './sections/FilterSection';
import { GeneralSection } from './sections/GeneralSection';
import { IndexAdviceAlert } from './sections/IndexAdviceAlert';
import type { SectionProps } from './sections/props';
import { PresetsSection } from './sections/PresetsSection';
import { RateLimitSection } from './sections/RateLimitSection';
import { SortSection } from './sections/SortSection';
import { TasksSection } from './sections/TasksSection';
import { TryItSection } from './sections/TryItSection';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { useBuilderProblems } from './useBuilderProblems';

const LIST = `/plugins/${PLUGIN_ID}/endpoints`;

/**
 * The endpoint builder's form: a draft made from `stored` (null: a new endpoint) when it mounts, the sections of
 * its type, and Save, which sends one save at a time and answers, as Strapi's Content Manager does: a toast, and
 * for a new endpoint `onCreated` (the builder stays, as it is); or, refused, the count of the problems shown and
 * the first one in view.
 */
export const EndpointForm = ({
  stored,
  objects,
  keys,
  canManage,
  onCreated,
}: {
  stored: StoredEndpoint | null;
  objects: ObjectDescription[];
  keys: ApiKeySummary[];
  canManage: boolean;
  onCreated: (endpoint: StoredEndpoint) => void;
}) => {
  const t = useT();
  const { toggleNotification } = useNotification();
  const create = useAdminMutation('endpoints.create');
  const update = useAdminMutation('endpoints.update');
  const [draft, setDraft] = useState<Draft>(() => (stored ? draftOf(stored) : emptyDraft()));
  // The draft as last saved (or loaded): leaving asks only when the draft is no longer it.
  const [saved, setSaved] = useState(draft);
  const found = useBuilderProblems(draft);
  const { root, focus } = useFocusFirstProblem<HTMLDivElement>();
  const object = objects.find((o) => o.uid === draft.object);
  /**
   * Takes the admin to the first of the problems shown and says how many there are, or `message` (a failure of
   * another kind).
   */
  const refuse = (shown: Problem[], message = t('builder.problems.count', { count: shown.length })) => {
    focus(shown.map((problem) => problem.path));
    toggleNotification({ type: 'danger', message });
  };
  const save = useOneAtATime(async () => {
    if (found.stopsSave) return refuse(found.shown);
    try {
      const payload = payloadOf(draft, object);
      const done = stored
        ? await update.mutateAsync({ id: stored.id, data: payload })
        : await create.mutateAsync({ data: payload });
      setSaved(draft);
      found.saved();
      toggleNotification({ type: 'success', message: t('builder.saved') });
      if (!stored) onCreated(done);
    } catch (failure) {
      const shown = found.refused(errorProblems(failure));
      // A 400 lists what to fix; anything else (a right missing, the endpoint gone, no network) is said as it is.
      const invalid = (failure as { status?: unknown } | null)?.status === 400;
      refuse(shown, invalid ? undefined : problemsText(failure));
    }
  });

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    found.changed(key);
  };
  const problems = found.bySection;
  // A single type has one entry: read or changed, never created or deleted, and never addressed by number.
  const single = object?.kind === 'singleType';
  const definition = { ...draft, parameter: parameterOf(draft, single) };
  const variables = variablesFor(definition);
  const url = endpointUrl(backendUrl() || window.location.origin, draft, single);
  const section: SectionProps = { draft, set, problems, object };
  const has = (name: Parameters<typeof hasSection>[1]) => hasSection(draft.type, name);
  // Advice is about the endpoint as saved: its filter and sort (or groups) as they are served.
  const adviceId = stored?.type === 'list' || stored?.type === 'aggregate' ? stored.id : null;
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);

  return (
    <>
      {/* A save under way ends in a move of its own (a new endpoint's URL), which must not ask; a reader saves nothing. */}
      <UnsavedChangesGuard when={canManage && changed && !save.pending} />
      <Page.Title>{stored ? draft.name : t('endpoints.create')}</Page.Title>
      <Layouts.Header
        title={stored ? draft.name || t('endpoints.title') : t('endpoints.create')}
        subtitle={`${methodOf(draft)} ${url}`}
        secondaryAction={
          <Flex gap={2}>
            {/* Entries are kept only of an endpoint saved with a cache. */}
            {stored?.cache && <PurgeCacheButton endpointId={stored.id} />}
            <HelpLink page="endpoints" />
          </Flex>
        }
        navigationAction={<BackButton fallback={LIST} />}
        primaryAction={
          canManage ? (
            <Button startIcon={<Check />} onClick={save.run} loading={save.pending} disabled={save.pending}>
              {t('common.save')}
            </Button>
          ) : undefined
        }
      />
      <Layouts.Content>
        <Flex ref={root} direction="column" alignItems="stretch" gap={4}>
          {problems.other && (
            <Typography textColor="danger600" {...problemPlace([])}>
              {problems.other}
            </Typography>
          )}
          <IndexAdviceAlert id={adviceId} />
          <div {...sectionPlace('general')}>
            <GeneralSection {...section} objects={objects} parameter={definition.parameter} single={single} url={url} />
          </div>
          {has('fields') && (
            <div {...sectionPlace('fields')}>
              <FieldsSection {...section} objects={objects} />
            </div>
          )}
          {has('sort') && (
            <div {...sectionPlace('sort')}>
              <SortSection {...section} />
            </div>
          )}
          <div {...sectionPlace('filter')}>
            <FilterSection {...section} variables={variables} />
          </div>
          {has('presets') && (
            <div {...sectionPlace('presets')}>
              <PresetsSection {...section} variables={variables} />
            </div>
          )}
          {has('tasks') && (
            <div {...sectionPlace('tasks')}>
              <TasksSection {...section} objects={objects} definition={definition} />
            </div>
          )}
          {has('aggregate') && (
            <div {...sectionPlace('aggregate')}>
              <AggregateSection {...section} objects={objects} />
            </div>
          )}
          <div {...sectionPlace('auth')}>
            <AuthSection {...section} keys={keys} />
          </div>
          <div {...sectionPlace('allowedIps')}>
            <AllowedIpsSection {...section} />
          </div>
          <div {...sectionPlace('rateLimit')}>
            <RateLimitSection {...section} />
          </div>
          {has('cache') && (
            <div {...sectionPlace('cache')}>
              <CacheSection {...section} />
            </div>
          )}
          <TryItSection draft={draft} saved={stored ? saved : null} changed={changed} object={object} />
        </Flex>
      </Layouts.Content>
    </>
  );
};
