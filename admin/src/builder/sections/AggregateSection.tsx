import type { ObjectDescription } from '../../../../contracts/objects';
import { problemsOfLines } from '../../api/errors';
import { useT } from '../../hooks/useT';
import { AggregateEditor } from '../AggregateEditor';
import { groupableFields } from '../fieldChoices';
import { usePlainWords } from '../usePlainWords';
import { Hint } from './Hint';
import type { SectionProps } from './props';
import { Section } from './Section';

/** An Aggregate's rows: its dimensions, measures and limits. */
export const AggregateSection = ({
  draft,
  set,
  problems,
  object,
  objects,
}: SectionProps & { objects: ObjectDescription[] }) => {
  const t = useT();
  const { inSection } = usePlainWords();
  return (
    <Section title={t('builder.aggregate')} error={inSection(problemsOfLines(problems.aggregate, 'aggregate'))}>
      <Hint>{t('builder.aggregate.hint')}</Hint>
      <AggregateEditor
        text={draft.aggregate}
        fields={groupableFields(object, objects)}
        onChange={(text) => set('aggregate', text)}
      />
    </Section>
  );
};
