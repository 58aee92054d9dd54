import { useT } from '../../hooks/useT';
import { SortEditor } from '../SortEditor';
import type { SectionProps } from './props';
import { Section } from './Section';

/** The order of a List's records. */
export const SortSection = ({ draft, set, problems, object }: SectionProps) => {
  const t = useT();
  return (
    <Section title={t('builder.sort')} error={problems.sort}>
      <SortEditor object={object} sort={draft.sort} onChange={(sort) => set('sort', sort)} />
    </Section>
  );
};
