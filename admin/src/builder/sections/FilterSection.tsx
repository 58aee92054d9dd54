import { useT } from '../../hooks/useT';
import { filterFields } from '../fieldChoices';
import { FilterBuilder } from '../FilterBuilder';
import { Hint } from './Hint';
import type { SectionProps } from './props';
import { Section } from './Section';

/** The records the endpoint may reach, as conditions on their fields and the request's variables. */
export const FilterSection = ({ draft, set, problems, object, variables }: SectionProps & { variables: string[] }) => {
  const t = useT();
  return (
    <Section title={t('builder.filter')} error={problems.filter}>
      <Hint>{t('builder.filter.hint')}</Hint>
      <FilterBuilder
        text={draft.filter}
        fields={filterFields(object)}
        variables={variables}
        onChange={(text) => set('filter', text)}
      />
    </Section>
  );
};
