import { Box, Button, Flex, SingleSelect, SingleSelectOption, Field, Typography } from '@strapi/design-system';
import type { ReactNode } from 'react';
import {
  changesEverything,
  newLeaf,
  switchTask,
  TASK_ACTIONS,
  tasksOf,
  type TaskForm,
} from '../../../contracts/task-form';
import { useT } from '../hooks/useT';
import { ConditionEditor, TaskFilter } from './ConditionEditor';
import { requiredFields, settableFields } from './fieldChoices';
import { JsonOrForm } from './JsonOrForm';
import { ObjectSelect } from './ObjectSelect';
import { ValueRows } from './PresetsEditor';
import { objectIn, type TaskScope } from './taskScope';
import { parsedOrNull } from './values';
import { WhenChoice } from './WhenChoice';

const Labelled = ({ label, children }: { label: string; children: ReactNode }) => (
  <Flex direction="column" alignItems="stretch" gap={1}>
    <Typography variant="sigma" textColor="neutral600">
      {label}
    </Typography>
    {children}
  </Flex>
);

/** One task: its action, and what that action takes. */
const TaskCard = ({ task, scope, onChange }: { task: TaskForm; scope: TaskScope; onChange: (t: TaskForm) => void }) => {
  const t = useT();
  const set = (change: Partial<TaskForm>) => onChange({ ...task, ...change } as TaskForm);
  if (task.action === 'raise-error') {
    return (
      <>
        <Field.Root name="message" required>
          <Field.Label>{t('builder.tasks.message')}</Field.Label>
          <Field.Input value={task.message} onChange={(e) => set({ message: e.target.value })} />
        </Field.Root>
        <WhenChoice
          conditional={task.when !== undefined}
          onChange={(conditional) =>
            onChange({
              action: task.action,
              message: task.message,
              ...(conditional ? { when: newLeaf(scope.object, scope.hasRecord) } : {}),
            })
          }
        />
        {task.when && <ConditionEditor condition={task.when} scope={scope} onChange={(when) => set({ when })} />}
      </>
    );
  }
  const object = objectIn(scope, task.object);
  const missing = task.action === 'create-record' ? requiredFields(object).filter((f) => !(f in task.values)) : [];
  return (
    <>
      <Labelled label={t('endpoints.column.object')}>
        <ObjectSelect
          value={task.object}
          objects={scope.objects}
          onChange={(uid) => onChange(switchTask(null, task.action, uid))}
        />
      </Labelled>
      {task.action !== 'create-record' && (
        <Labelled label={t('builder.tasks.filter')}>
          <TaskFilter filter={task.filter} object={task.object} scope={scope} onChange={(filter) => set({ filter })} />
          {changesEverything(task) && (
            <Typography textColor="danger600" data-testid="task-everything">
              {t('builder.tasks.everything', { type: object?.displayName ?? task.object })}
            </Typography>
          )}
        </Labelled>
      )}
      {task.action !== 'delete-records' && (
        <Labelled label={t('builder.tasks.values')}>
          <ValueRows
            values={task.values}
            fields={settableFields(object)}
            variables={scope.variables}
            addLabel={t('builder.tasks.addValue')}
            onChange={(values) => set({ values })}
          />
          {missing.length > 0 && (
            <Typography textColor="danger600">{t('builder.tasks.missing', { fields: missing.join(', ') })}</Typography>
          )}
        </Labelled>
      )}
    </>
  );
};

/**
 * The tasks a write runs after it, in order and in its transaction (docs/writes.md#tasks): each an action with
 * its type, filter, values or condition; or the same as JSON. Tasks the form cannot show are edited as JSON.
 */
export const TasksEditor = ({
  text,
  scope,
  onChange,
}: {
  text: string;
  scope: TaskScope;
  onChange: (text: string) => void;
}) => {
  const t = useT();
  const tasks = tasksOf(parsedOrNull(text, '[]'));
  const save = (next: TaskForm[]) => onChange(JSON.stringify(next, null, 2));
  const form = tasks && (
    <Flex direction="column" alignItems="stretch" gap={3}>
      {tasks.map((task, i, all) => {
        const move = (to: number) => {
          const next = [...all];
          [next[i], next[to]] = [next[to], next[i]];
          save(next);
        };
        return (
          <Box key={i} padding={4} hasRadius background="neutral100" data-testid="task">
            <Flex direction="column" alignItems="stretch" gap={3}>
              <Flex gap={2} wrap="wrap">
                <Typography variant="omega" fontWeight="bold">
                  {i + 1}.
                </Typography>
                <SingleSelect
                  aria-label={t('builder.tasks.action')}
                  value={task.action}
                  onChange={(v: string | number) =>
                    save(all.map((x, j) => (i === j ? switchTask(x, v as TaskForm['action'], scope.object) : x)))
                  }
                >
                  {TASK_ACTIONS.map((action) => (
                    <SingleSelectOption key={action} value={action}>
                      {t(`builder.tasks.action.${action}`)}
                    </SingleSelectOption>
                  ))}
                </SingleSelect>
                <Button
                  variant="tertiary"
                  disabled={i === 0}
                  aria-label={t('builder.tasks.upLabel', { n: i + 1 })}
                  onClick={() => move(i - 1)}
                >
                  {t('builder.tasks.up')}
                </Button>
                <Button
                  variant="tertiary"
                  disabled={i === all.length - 1}
                  aria-label={t('builder.tasks.downLabel', { n: i + 1 })}
                  onClick={() => move(i + 1)}
                >
                  {t('builder.tasks.down')}
                </Button>
                <Button
                  variant="tertiary"
                  aria-label={t('builder.tasks.removeLabel', { n: i + 1 })}
                  onClick={() => save(all.filter((_, j) => j !== i))}
                >
                  {t('common.remove')}
                </Button>
              </Flex>
              <TaskCard
                task={task}
                scope={scope}
                onChange={(changed) => save(all.map((x, j) => (i === j ? changed : x)))}
              />
            </Flex>
          </Box>
        );
      })}
      <div>
        <Button
          variant="secondary"
          size="S"
          onClick={() => save([...tasks!, switchTask(null, 'raise-error', scope.object)])}
        >
          {t('builder.tasks.add')}
        </Button>
      </div>
    </Flex>
  );
  return (
    <JsonOrForm
      label={t('builder.tasks')}
      formLabel={t('builder.tasks.form')}
      note={t('builder.tasks.jsonOnly')}
      text={text}
      onChange={onChange}
      form={form}
    />
  );
};
