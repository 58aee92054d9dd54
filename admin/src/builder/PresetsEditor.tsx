import { JSONInput, SingleSelect, SingleSelectOption, TextInput } from '@strapi/design-system';
import { isPlainObject, isVar } from '../../../contracts/json';
import { useT } from '../hooks/useT';
import { Rows } from './Rows';
import { textOf, valueOf } from './values';

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
export const PresetsEditor = ({
  text,
  fields,
  variables,
  onChange,
}: {
  text: string;
  fields: string[];
  variables: string[];
  onChange: (text: string) => void;
}) => {
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
      row={(preset, update) => {
        const variable = isVar(preset.value) ? preset.value.$var : '';
        return (
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
            <SingleSelect
              aria-label={t('builder.filter.source')}
              value={variable || 'value'}
              onChange={(v: string | number) => update({ value: v === 'value' ? '' : { $var: String(v) } })}
            >
              <SingleSelectOption value="value">{t('builder.filter.value')}</SingleSelectOption>
              {variables.map((name) => (
                <SingleSelectOption key={name} value={name}>
                  {name}
                </SingleSelectOption>
              ))}
            </SingleSelect>
            {!variable && (
              <TextInput
                aria-label={t('builder.filter.value')}
                placeholder={t('builder.filter.value')}
                value={textOf(preset.value)}
                onChange={(e: any) => update({ value: valueOf(e.target.value) })}
              />
            )}
          </>
        );
      }}
    />
  );
};
