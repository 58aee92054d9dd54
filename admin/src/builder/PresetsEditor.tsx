import { JSONInput, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import { isPlainObject } from '../../../contracts/json';
import { useT } from '../hooks/useT';
import { Rows } from './Rows';
import type { PartEditorProps } from './values';
import { ValueInput } from './ValueInput';

interface Preset {
  field: string;
  value: unknown;
}

/** Presets as rows, or null when the text is not an object of them. */
const presetsOf = (text: string): Preset[] | null => {
  try {
    const value = JSON.parse(text || '{}');
    return isPlainObject(value) ? Object.entries(value).map(([field, v]) => ({ field, value: v })) : null;
  } catch {
    return null;
  }
};

/**
 * Values a Create or Modify writes itself, never taken from the client (DESIGN.md section 2): a field, and a
 * value or a variable (`param`, `user.id`, `now`...). Text that is not an object of presets is edited as JSON.
 */
export const PresetsEditor = ({ text, fields, variables, onChange }: PartEditorProps) => {
  const t = useT();
  const presets = presetsOf(text);
  if (!presets) return <JSONInput aria-label={t('builder.presets')} value={text} onChange={onChange} />;
  const save = (rows: Preset[]) =>
    onChange(JSON.stringify(Object.fromEntries(rows.map((r) => [r.field, r.value])), null, 2));
  return (
    <Rows<Preset>
      items={presets}
      testId="preset"
      addLabel={t('builder.presets.add')}
      make={() => ({ field: fields.find((f) => !presets.some((p) => p.field === f)) ?? '', value: '' })}
      onChange={save}
      row={(preset, update) => (
        <>
          <SingleSelect
            aria-label={t('builder.filter.field')}
            value={preset.field}
            onChange={(v: string | number) => update({ field: String(v) })}
          >
            {fields.map((f) => (
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
