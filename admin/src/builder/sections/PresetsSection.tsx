import { useT } from '../../hooks/useT';
import { settableFields } from '../fieldChoices';
import { PresetsEditor } from '../PresetsEditor';
import { Hint } from './Hint';
import type { SectionProps } from './props';
import { Section } from './Section';

/** Values a write sets itself; the fields the client sends (the endpoint's fields) are not offered. */
export const PresetsSection = ({ draft, set, problems, object, variables }: SectionProps & { variables: string[] }) => {
  const t = useT();
  return (
    <Section title={t('builder.presets')} error={problems.presets}>
      <Hint>{t('builder.presets.hint')}</Hint>
      <PresetsEditor
        text={draft.presets}
        fields={settableFields(object).filter((f) => !draft.fields.some((a) => a.name === f))}
        variables={variables}
        onChange={(text) => set('presets', text)}
      />
    </Section>
  );
};
