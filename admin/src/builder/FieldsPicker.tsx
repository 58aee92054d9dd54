import { Checkbox, Flex, Grid, Typography } from '@strapi/design-system';
import type { ObjectDescription, ObjectField } from '../../../contracts/objects';
import { useT } from '../hooks/useT';
import type { Draft } from './draft';
import { fieldNote, fieldTypeLabel } from './fieldNotes';
import { RecordFields } from './RecordFields';
import { recordChoices } from './relatedFields';

/**
 * The fields a List returns (with what related records answer) or a Create/Modify accepts; on a Create, which
 * ones the client must send.
 */
export const FieldsPicker = ({
  object,
  objects,
  draft,
  onChange,
}: {
  object: ObjectDescription | undefined;
  objects: ObjectDescription[];
  draft: Draft;
  onChange: (fields: Draft['fields']) => void;
}) => {
  const t = useT();
  if (!object) return <Typography textColor="neutral600">{t('builder.fields.pickObject')}</Typography>;
  if (draft.type === 'list')
    return (
      <RecordFields
        choices={recordChoices(object)}
        specs={draft.fields}
        onChange={onChange}
        place={{ path: '', depth: 0, objects }}
      />
    );
  const writes = draft.type === 'create' || draft.type === 'modify';
  const chosen = new Map(draft.fields.map((f) => [f.name, f]));
  const toggle = (name: string, on: boolean) =>
    onChange(on ? [...draft.fields, { name }] : draft.fields.filter((f) => f.name !== name));
  const require = (name: string, required: boolean) =>
    onChange(draft.fields.map((f) => (f.name === name ? { name, ...(required ? { required } : {}) } : f)));
  const note = (f: ObjectField) => fieldNote(t, f);
  return (
    <Grid.Root gap={2}>
      {object.fields
        .filter((f) => f.exposable && (!writes || f.writable))
        .map((f) => (
          <Grid.Item key={f.name} col={4} s={6} xs={12} alignItems="start">
            <Flex direction="column" alignItems="start" gap={1} data-testid={`field-${f.name}`}>
              <Checkbox checked={chosen.has(f.name)} onCheckedChange={(on: boolean) => toggle(f.name, on === true)}>
                {`${f.name} (${fieldTypeLabel(t, f)})`}
              </Checkbox>
              {note(f) && (
                <Typography variant="pi" textColor="neutral600" data-testid="field-note">
                  {note(f)}
                </Typography>
              )}
              {draft.type === 'create' && chosen.has(f.name) && (
                <Checkbox
                  checked={Boolean(chosen.get(f.name)?.required) || f.required === true}
                  disabled={f.required === true}
                  onCheckedChange={(on: boolean) => require(f.name, on === true)}
                >
                  {t('builder.fields.required')}
                </Checkbox>
              )}
            </Flex>
          </Grid.Item>
        ))}
    </Grid.Root>
  );
};
