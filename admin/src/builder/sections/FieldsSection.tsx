import { Typography } from '@strapi/design-system';
import { useState } from 'react';
import type { FieldSpec } from '../../../../contracts/definition';
import type { ObjectDescription } from '../../../../contracts/objects';
import { useT } from '../../hooks/useT';
import { FieldsPicker } from '../FieldsPicker';
import { JsonOrForm } from '../JsonOrForm';
import { cyclingRelations } from '../relationCycles';
import { fieldsFromJson } from '../relatedFields';
import type { SectionProps } from './props';
import { QueryFiltersHint } from './QueryFiltersHint';
import { Section } from './Section';

/**
 * The fields the endpoint answers (or, for a write, accepts). A List's, related fields included, can also be
 * typed as JSON: the text typed stays while it is the source of the draft's fields (a form change replaces it).
 */
export const FieldsSection = ({
  draft,
  set,
  problems,
  object,
  objects,
}: SectionProps & { objects: ObjectDescription[] }) => {
  const t = useT();
  const [typed, setTyped] = useState<{ text: string; basis: FieldSpec[] } | null>(null);
  const picker = (
    <FieldsPicker object={object} objects={objects} draft={draft} onChange={(fields) => set('fields', fields)} />
  );
  if (draft.type !== 'list')
    return (
      <Section title={t('builder.fields')} error={problems.fields}>
        {picker}
      </Section>
    );
  const text = typed?.basis === draft.fields ? typed.text : JSON.stringify(draft.fields, null, 2);
  const read = fieldsFromJson(text);
  const cycles = cyclingRelations(draft.fields, object, objects);
  const type = (next: string) => {
    const found = fieldsFromJson(next);
    if ('fields' in found) set('fields', found.fields);
    setTyped({ text: next, basis: 'fields' in found ? found.fields : draft.fields });
  };
  return (
    <Section title={t('builder.fields')} error={problems.fields}>
      <JsonOrForm
        label={t('builder.fields.json')}
        formLabel={t('builder.fields.form')}
        text={text}
        onChange={type}
        form={picker}
      />
      {'problem' in read && (
        <Typography textColor="danger600" data-testid="fields-json-problem">
          {t('builder.fields.json.problem', { problem: read.problem })}
        </Typography>
      )}
      {cycles.length > 0 && (
        <Typography variant="pi" textColor="warning600" data-testid="related-cycles">
          {t('builder.fields.related.cycles', { fields: cycles.join(', ') })}
        </Typography>
      )}
      <QueryFiltersHint draft={draft} object={object} />
    </Section>
  );
};
