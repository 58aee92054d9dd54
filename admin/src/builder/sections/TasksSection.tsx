import type { ObjectDescription } from '../../../../contracts/objects';
import { taskVariablesFor } from '../../../../contracts/variables';
import { useT } from '../../hooks/useT';
import type { Draft } from '../draft';
import { readableFields } from '../fieldChoices';
import { TasksEditor } from '../TasksEditor';
import { Hint } from './Hint';
import type { SectionProps } from './props';
import { Section } from './Section';

/** What a write runs after it, in the same transaction: checks and changes to other records. */
export const TasksSection = ({
  draft,
  set,
  problems,
  object,
  objects,
  definition,
}: SectionProps & {
  objects: ObjectDescription[];
  /** The draft with the parameter in force, as the task variables depend on it. */
  definition: Draft;
}) => {
  const t = useT();
  return (
    <Section title={t('builder.tasks')} error={problems.tasks}>
      <Hint>{t('builder.tasks.hint')}</Hint>
      <TasksEditor
        text={draft.tasks}
        scope={{
          objects,
          object: draft.object,
          variables: taskVariablesFor(definition, readableFields(object)),
          hasRecord: draft.type !== 'delete',
        }}
        onChange={(text) => set('tasks', text)}
      />
    </Section>
  );
};
