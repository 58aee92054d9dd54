import { JSONInput, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import { isPlainObject } from '../../../contracts/json';
import { useT } from '../hooks/useT';
import { Rows } from './Rows';
import { parsedOrNull, type PartEditorProps } from './values';
import { ValueInput } from './ValueInput';

interface Preset {
  field: string;
  value: unknown;
}

/** Values a write sets itself: a field, and a value or a variable per row (presets, and the values of tasks). */
export const ValueRows = ({
  values,
  fields,
  variables,
  addLabel,
  onChange,
}: {
  values: Record<string, unknown>;
  addLabel: string;
  fields: string[];
  variables: string[];
  onChange: (values: Record<string, unknown>) => void;
}) => {
  const t = useT();
  const rows = Object.entries(values).map(([field, value]) => ({ field, value }));
  // One row per field: a row offers its own field and those no other row sets.
  const free = fields.filter((f) => !(f in values));
  return (
    <Rows<Preset>
      items={rows}
      testId="preset"
      addLabel={addLabel}
      canAdd={free.length > 0}
      make={() => ({ field: free[0], value: '' })}
      onChange={(items) => onChange(Object.fromEntries(items.map((r) => [r.field, r.value])))}
      row={(preset, update) => (
        <>
          <SingleSelect
            aria-label={t('builder.filter.field')}
            value={preset.field}
            onChange={(v: string | number) => update({ field: String(v) })}
          >
            {[preset.field, ...free].map((f) => (
              <SingleSelectOption key={f} value={f}>
                {f}
              </SingleSelectOption>
            ))}
          </SingleSelect>
          <ValueInput value={preset.value} variables={variables} onChange={(value) => update({ value })} />
        </>
      )}
    />
  );
};

/**
 * Values a Create or Modify writes itself, never taken from the client (docs/writes.md): a field, and a
 * value or a variable (`param`, `user.id`, `now`...). Text that is not an object of presets is edited as JSON.
 */
export const PresetsEditor = ({ text, fields, variables, onChange }: PartEditorProps) => {
  const t = useT();
  const presets = parsedOrNull(text, '{}');
  if (!isPlainObject(presets)) return <JSONInput aria-label={t('builder.presets')} value={text} onChange={onChange} />;
  return (
    <ValueRows
      values={presets}
      fields={fields}
      variables={variables}
      addLabel={t('builder.presets.add')}
      onChange={(values) => onChange(JSON.stringify(values, null, 2))}
    />
  );
};
