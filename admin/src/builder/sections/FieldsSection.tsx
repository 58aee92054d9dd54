import { useT } from '../../hooks/useT';
import { FieldsPicker } from '../FieldsPicker';
import type { SectionProps } from './props';
import { Section } from './Section';

/** The fields the endpoint answers (or, for a write, accepts). */
export const FieldsSection = ({ draft, set, problems, object }: SectionProps) => {
  const t = useT();
  return (
    <Section title={t('builder.fields')} error={problems.fields}>
      <FieldsPicker object={object} draft={draft} onChange={(fields) => set('fields', fields)} />
    </Section>
  );
};
