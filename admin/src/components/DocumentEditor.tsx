import { Field, Flex, Modal, MultiSelect, MultiSelectOption, Textarea, Typography } from '@strapi/design-system';
import { useNotification } from '@strapi/strapi/admin';
import { useState, type ReactNode } from 'react';
import type { StoredEndpoint } from '../../../contracts/definition';
import {
  OPENAPI_PATH,
  slugOf,
  type OpenapiDocumentInput,
  type StoredOpenapiDocument,
} from '../../../contracts/openapi';
import { formatProblem, type Problem } from '../../../contracts/problems';
import { errorProblems } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { useOneAtATime } from '../hooks/useOneAtATime';
import { useT } from '../hooks/useT';
import { ToggleField } from './ToggleField';
import { backendUrl } from '../utils/backendUrl';
import { routeLabel } from '../utils/labels';
import { SubmitFooter } from './DialogFooter';

/** The form holds a whole document input, defaults filled in. */
type Draft = OpenapiDocumentInput;

const EMPTY: Draft = { title: '', version: '1.0.0', description: '', endpoints: [], public: false };

const FIELDS: readonly unknown[] = ['title', 'version', 'description', 'endpoints', 'public'];

/** Problems the admin API named, as readable lines by the field they concern (their path's first step), and the others. */
const byField = (problems: Problem[]) => {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const problem of problems) {
    const field = problem.path[0];
    const line = formatProblem(problem);
    if (typeof field === 'string' && FIELDS.includes(field))
      fields[field] = fields[field] ? `${fields[field]}; ${line}` : line;
    else other.push(line);
  }
  return { fields, other };
};

/** Creates or edits an OpenAPI document: title, version, description, endpoints, and whether it is public. */
export const DocumentEditor = ({
  document,
  endpoints,
  trigger,
}: {
  document?: StoredOpenapiDocument;
  endpoints: StoredEndpoint[];
  trigger: ReactNode;
}) => {
  const t = useT();
  const { toggleNotification } = useNotification();
  const create = useAdminMutation('openapiDocuments.create');
  const update = useAdminMutation('openapiDocuments.update');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof byField>>({ fields: {}, other: [] });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setDraft(
        document
          ? {
              title: document.title,
              version: document.version,
              description: document.description,
              endpoints: document.endpoints,
              public: document.public,
            }
          : EMPTY
      );
      setErrors({ fields: {}, other: [] });
    }
  };
  const save = useOneAtATime(async () => {
    try {
      if (document) await update.mutateAsync({ id: document.id, data: draft });
      else await create.mutateAsync({ data: draft });
      setOpen(false);
      toggleNotification({ type: 'success', message: t('common.saved') });
    } catch (failure) {
      setErrors(byField(errorProblems(failure)));
    }
  });
  const publicPath = `/_api/${OPENAPI_PATH}/${slugOf(draft.title || 'title')}.json`;
  return (
    <Modal.Root open={open} onOpenChange={onOpenChange}>
      <Modal.Trigger>{trigger}</Modal.Trigger>
      <Modal.Content>
        <Modal.Header>
          <Modal.Title>{t(document ? 'documents.edit' : 'documents.create')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Flex direction="column" alignItems="stretch" gap={4}>
            <Field.Root name="title" error={errors.fields.title} required>
              <Field.Label>{t('documents.column.title')}</Field.Label>
              <Field.Input value={draft.title} onChange={(e) => set('title', e.target.value)} />
              <Field.Error />
            </Field.Root>
            <Field.Root name="version" error={errors.fields.version}>
              <Field.Label>{t('documents.column.version')}</Field.Label>
              <Field.Input value={draft.version} onChange={(e) => set('version', e.target.value)} />
              <Field.Error />
            </Field.Root>
            <Field.Root name="description" error={errors.fields.description}>
              <Field.Label>{t('documents.description')}</Field.Label>
              <Textarea value={draft.description} onChange={(e) => set('description', e.target.value)} />
              <Field.Error />
            </Field.Root>
            <Field.Root name="endpoints" error={errors.fields.endpoints}>
              <Field.Label>{t('documents.column.endpoints')}</Field.Label>
              <MultiSelect
                withTags
                value={draft.endpoints.map(String)}
                onChange={(values: string[]) => set('endpoints', values.map(Number))}
              >
                {endpoints.map((e) => (
                  <MultiSelectOption key={e.id} value={String(e.id)}>
                    {`${routeLabel(e)} (${e.name})`}
                  </MultiSelectOption>
                ))}
              </MultiSelect>
              <Field.Error />
            </Field.Root>
            <ToggleField
              name="public"
              label={t('documents.column.public')}
              hint={draft.public ? publicPath : t('documents.public.hint')}
              checked={draft.public}
              onChange={(on) => set('public', on)}
            />
            {draft.public && (
              <Typography variant="pi" textColor="neutral600">
                {`${backendUrl()}${publicPath}`}
              </Typography>
            )}
            {errors.other.map((message) => (
              <Typography key={message} textColor="danger600">
                {message}
              </Typography>
            ))}
          </Flex>
        </Modal.Body>
        <SubmitFooter label={t('common.save')} onSubmit={save.run} pending={save.pending} />
      </Modal.Content>
    </Modal.Root>
  );
};
