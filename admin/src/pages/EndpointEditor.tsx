import { Box, Button, Field, Flex, Grid, Textarea, Typography } from '@strapi/design-system';
import { Layouts, Page } from '@strapi/strapi/admin';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  ENDPOINT_TYPES,
  SINGLE_TYPE_ENDPOINTS,
  isWrite,
  PARAMETER_MODES,
  targetsRecord,
} from '../../../contracts/definition';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { taskVariablesFor, variablesFor } from '../../../contracts/variables';
import { errorMessages, useAdminApi, useAdminData } from '../api/useAdminData';
import { AggregateEditor } from '../builder/AggregateEditor';
import { AuthEditor } from '../builder/AuthEditor';
import { ContentOptions } from '../builder/ContentOptions';
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
import { filterFields, groupableFields, readableFields, settableFields } from '../builder/fieldChoices';
import { FieldsPicker } from '../builder/FieldsPicker';
import { FilterBuilder } from '../builder/FilterBuilder';
import { PresetsEditor } from '../builder/PresetsEditor';
import { problemsBySection } from '../builder/problems';
import { SelectField } from '../builder/SelectField';
import { SortEditor } from '../builder/SortEditor';
import { TasksEditor } from '../builder/TasksEditor';
import { TryIt } from '../builder/TryIt';
import { ToggleField } from '../components/ToggleField';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';
import { backendUrl } from '../utils/backendUrl';
import { objectLabel } from '../utils/labels';

const Section = ({ title, error, children }: { title: string; error?: string; children: ReactNode }) => (
  <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
    <Flex direction="column" alignItems="stretch" gap={3}>
      <Typography tag="h2" variant="delta">
        {title}
      </Typography>
      {children}
      {error && (
        <Typography textColor="danger600" data-testid="section-error">
          {error}
        </Typography>
      )}
    </Flex>
  </Box>
);

/** Builds an endpoint (DESIGN.md section 2): new, or the one at `:id`. */
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
  const types = single ? SINGLE_TYPE_ENDPOINTS : ENDPOINT_TYPES;
  const save = async () => {
    try {
      const payload = payloadOf(draft, object);
      if (isNew) await api.call('endpoints.create', { data: payload });
      else await api.call('endpoints.update', { id: id!, data: payload });
      navigate(`/plugins/${PLUGIN_ID}/endpoints`);
    } catch (failure) {
      setServerProblems(problemsBySection(errorMessages(failure)));
    }
  };
  const text = (key: 'name' | 'path', label: string, hint?: string) => (
    <Field.Root name={key} error={problems[key]} hint={hint} required>
      <Field.Label>{label}</Field.Label>
      <Field.Input value={draft[key]} onChange={(e: any) => set(key, e.target.value)} />
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
  const definition = { ...draft, parameter: parameterOf(draft, single) };
  const variables = variablesFor(definition);
  const url = endpointUrl(backendUrl() || window.location.origin, draft, single);

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
          <Section title={t('builder.general')}>
            <Grid.Root gap={4}>
              <Grid.Item col={6} xs={12}>
                {text('name', t('endpoints.column.name'))}
              </Grid.Item>
              <Grid.Item col={6} xs={12}>
                {text('path', t('endpoints.column.path'), `${methodOf(draft)} ${url}`)}
              </Grid.Item>
              <Grid.Item col={4} xs={12}>
                <SelectField
                  name="type"
                  label={t('endpoints.column.type')}
                  value={draft.type}
                  error={problems.type}
                  options={types.map((type) => [type, t(`type.${type}`)])}
                  onChange={(v) => set('type', v as Draft['type'])}
                />
              </Grid.Item>
              <Grid.Item col={4} xs={12}>
                <SelectField
                  name="object"
                  label={t('endpoints.column.object')}
                  value={draft.object}
                  error={problems.object}
                  placeholder={t('builder.object.pick')}
                  options={objects.data!.map((o) => [
                    o.uid,
                    o.kind === 'singleType' ? `${objectLabel(o)} · ${t('builder.object.single')}` : objectLabel(o),
                  ])}
                  onChange={(v) => {
                    const picked = objects.data!.find((o) => o.uid === v);
                    set('object', v);
                    if (picked?.kind === 'singleType' && !SINGLE_TYPE_ENDPOINTS.includes(draft.type))
                      set('type', 'list');
                    set('fields', []);
                    set('sort', []);
                    set('status', 'published');
                    set('publish', false);
                    set('locale', '');
                    set('media', 'url');
                  }}
                />
              </Grid.Item>
              <Grid.Item col={4} xs={12}>
                <SelectField
                  name="parameter"
                  label={t('builder.parameter')}
                  hint={t(single ? 'builder.parameter.single' : 'builder.parameter.hint')}
                  value={definition.parameter}
                  error={problems.parameter}
                  disabled={single || targetsRecord(draft.type)}
                  options={PARAMETER_MODES.map((mode) => [mode, t(`builder.parameter.${mode}`)])}
                  onChange={(v) => set('parameter', v as Draft['parameter'])}
                />
              </Grid.Item>
              <Grid.Item col={4} xs={12}>
                <ToggleField
                  name="enabled"
                  label={t('endpoints.column.enabled')}
                  checked={draft.enabled}
                  onChange={(on) => set('enabled', on)}
                />
              </Grid.Item>
              <ContentOptions object={object} draft={draft} problems={problems} set={set} />
            </Grid.Root>
          </Section>
          {draft.type !== 'delete' && draft.type !== 'aggregate' && (
            <Section title={t('builder.fields')} error={problems.fields}>
              <FieldsPicker object={object} draft={draft} onChange={(fields) => set('fields', fields)} />
            </Section>
          )}
          {draft.type === 'list' && (
            <Section title={t('builder.sort')} error={problems.sort}>
              <SortEditor object={object} sort={draft.sort} onChange={(sort) => set('sort', sort)} />
            </Section>
          )}
          <Section title={t('builder.filter')} error={problems.filter}>
            <Typography variant="pi" textColor="neutral600">
              {t('builder.filter.hint')}
            </Typography>
            <FilterBuilder
              text={draft.filter}
              fields={filterFields(object)}
              variables={variables}
              onChange={(text) => set('filter', text)}
            />
          </Section>
          {(draft.type === 'create' || draft.type === 'modify') && (
            <Section title={t('builder.presets')} error={problems.presets}>
              <Typography variant="pi" textColor="neutral600">
                {t('builder.presets.hint')}
              </Typography>
              <PresetsEditor
                text={draft.presets}
                fields={settableFields(object).filter((f) => !draft.fields.some((a) => a.name === f))}
                variables={variables}
                onChange={(text) => set('presets', text)}
              />
            </Section>
          )}
          {writes && (
            <Section title={t('builder.tasks')} error={problems.tasks}>
              <Typography variant="pi" textColor="neutral600">
                {t('builder.tasks.hint')}
              </Typography>
              <TasksEditor
                text={draft.tasks}
                scope={{
                  objects: objects.data!,
                  object: draft.object,
                  variables: taskVariablesFor(definition, readableFields(object)),
                  hasRecord: draft.type !== 'delete',
                }}
                onChange={(text) => set('tasks', text)}
              />
            </Section>
          )}
          {draft.type === 'aggregate' && (
            <Section title={t('builder.aggregate')} error={problems.aggregate}>
              <Typography variant="pi" textColor="neutral600">
                {t('builder.aggregate.hint')}
              </Typography>
              <AggregateEditor
                text={draft.aggregate}
                fields={groupableFields(object, objects.data!)}
                onChange={(text) => set('aggregate', text)}
              />
            </Section>
          )}
          <Section title={t('endpoints.column.auth')} error={problems.auth}>
            <AuthEditor auth={draft.auth} keys={keys.data ?? []} onChange={(auth) => set('auth', auth)} />
          </Section>
          <Section title={t('builder.allowedIps')} error={problems.allowedIps}>
            <Typography variant="pi" textColor="neutral600">
              {t('builder.allowedIps.hint')}
            </Typography>
            <Textarea
              aria-label={t('builder.allowedIps')}
              value={draft.allowedIps}
              onChange={(e: any) => set('allowedIps', e.target.value)}
            />
          </Section>
          <Section title={t('builder.tryIt')}>
            <TryIt draft={draft} object={object} />
          </Section>
        </Flex>
      </Layouts.Content>
    </>
  );
};
