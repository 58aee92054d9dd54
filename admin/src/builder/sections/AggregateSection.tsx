import { formatPath, type Problem } from '../../../../contracts/problems';
import type { ObjectDescription } from '../../../../contracts/objects';
import { problemsOfLines } from '../../api/errors';
import { useT } from '../../hooks/useT';
import { AggregateEditor } from '../AggregateEditor';
import { boxOf, settingsOf } from '../aggregateSettings';
import { aggregateWords } from '../aggregateWords';
import { groupableFields } from '../fieldChoices';
import { usePlainWords } from '../usePlainWords';
import { Hint } from './Hint';
import type { SectionProps } from './props';
import { Section } from './Section';

/**
 * An Aggregate's rows: its dimensions, measures and limits. A problem the admin API found with a row or a box is
 * shown there, in plain words; the others under the section.
 */
export const AggregateSection = ({
  draft,
  set,
  problems,
  object,
  objects,
}: SectionProps & { objects: ObjectDescription[] }) => {
  const t = useT();
  const { words, inSection } = usePlainWords();
  const settings = settingsOf(draft.aggregate);
  const fields = groupableFields(object, objects);
  // Each problem in words, with the box that shows it; null: the section does, after its place (`inSection` leaves
  // words already plain as they are).
  const said = problemsOfLines(problems.aggregate, 'aggregate').map((p) => ({
    ...p,
    message: aggregateWords(t, p.message, words),
    box: boxOf(p.path.slice(1), settings),
  }));
  const problemAt = (box: Problem['path']) =>
    said
      .filter((p) => p.box && formatPath(p.box) === formatPath(box))
      .map((p) => p.message)
      .join('; ') || undefined;
  return (
    <Section title={t('builder.aggregate')} error={inSection(said.filter((p) => !p.box))}>
      <Hint>{t('builder.aggregate.hint')}</Hint>
      <AggregateEditor
        text={draft.aggregate}
        scope={{
          fields,
          isKnown: (path) => fields.includes(path),
          objectName: object?.displayName ?? draft.object,
          problemAt,
        }}
        onChange={(text) => set('aggregate', text)}
      />
    </Section>
  );
};
