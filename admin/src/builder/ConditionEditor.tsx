import { Box, Button, Flex, SingleSelect, SingleSelectOption, Typography } from '@strapi/design-system';
import { treeOf } from '../../../contracts/filter-tree';
import {
  CONDITION_KINDS,
  kindOf,
  newLeaf,
  switchCondition,
  type Condition,
  type Filter,
} from '../../../contracts/task-form';
import { useT } from '../hooks/useT';
import { filterFields, isFilterPath } from './fieldChoices';
import { FilterGroups } from './FilterBuilder';
import { typeAtPath } from './fieldTypes';
import { ObjectSelect } from './ObjectSelect';
import { objectIn, type TaskScope } from './taskScope';

/** A filter of a task on the type `object`, as AND/OR groups. */
export const TaskFilter = ({
  filter,
  object,
  scope,
  onChange,
}: {
  filter: Filter | undefined;
  object: string;
  scope: TaskScope;
  onChange: (filter: Filter) => void;
}) => {
  const described = objectIn(scope, object);
  return (
    <FilterGroups
      tree={treeOf(filter ?? {})!}
      scope={{
        fields: filterFields(described, scope.objects),
        isKnown: (path) => isFilterPath(path, described, scope.objects),
        typeOf: (path) => typeAtPath(path, described, scope.objects),
        objectName: described?.displayName ?? object,
      }}
      variables={scope.variables}
      onChange={onChange}
    />
  );
};

/**
 * A task condition (docs/writes.md#tasks): the written record matches a filter, rows of a type exist or not,
 * or all / any / not of other conditions.
 */
export const ConditionEditor = ({
  condition,
  scope,
  onChange,
  onRemove,
}: {
  condition: Condition;
  scope: TaskScope;
  onChange: (c: Condition) => void;
  onRemove?: () => void;
}) => {
  const t = useT();
  const kind = kindOf(condition);
  const kinds = CONDITION_KINDS.filter((k) => k !== 'match' || scope.hasRecord || kind === 'match');
  const body = () => {
    if ('match' in condition) {
      return (
        <TaskFilter
          filter={condition.match}
          object={scope.object}
          scope={scope}
          onChange={(match) => onChange({ match })}
        />
      );
    }
    if ('exists' in condition || 'notExists' in condition) {
      const key = 'exists' in condition ? 'exists' : 'notExists';
      const look = 'exists' in condition ? condition.exists : condition.notExists;
      const set = (change: Partial<typeof look>) => onChange({ [key]: { ...look, ...change } } as Condition);
      return (
        <>
          <ObjectSelect value={look.object} objects={scope.objects} onChange={(object) => set({ object })} />
          <TaskFilter filter={look.filter} object={look.object} scope={scope} onChange={(filter) => set({ filter })} />
        </>
      );
    }
    if ('not' in condition) {
      return <ConditionEditor condition={condition.not} scope={scope} onChange={(not) => onChange({ not })} />;
    }
    const key = 'all' in condition ? 'all' : 'any';
    const parts = 'all' in condition ? condition.all : condition.any;
    const save = (next: Condition[]) => onChange({ [key]: next } as Condition);
    return (
      <>
        {parts.map((part, i) => (
          <ConditionEditor
            key={i}
            condition={part}
            scope={scope}
            onChange={(c) => save(parts.map((p, j) => (i === j ? c : p)))}
            onRemove={parts.length > 1 ? () => save(parts.filter((_, j) => j !== i)) : undefined}
          />
        ))}
        <div>
          <Button variant="secondary" size="S" onClick={() => save([...parts, newLeaf(scope.object, scope.hasRecord)])}>
            {t('builder.tasks.addSubCondition')}
          </Button>
        </div>
      </>
    );
  };
  return (
    <Box
      padding={3}
      hasRadius
      borderColor="neutral200"
      borderStyle="solid"
      borderWidth="1px"
      data-testid="task-condition"
    >
      <Flex direction="column" alignItems="stretch" gap={2}>
        <Flex gap={2}>
          <SingleSelect
            aria-label={t('builder.tasks.condition')}
            value={kind}
            onChange={(v: string | number) => onChange(switchCondition(condition, v as typeof kind, scope.object))}
          >
            {kinds.map((k) => (
              <SingleSelectOption key={k} value={k}>
                {t(`builder.tasks.condition.${k}`)}
              </SingleSelectOption>
            ))}
          </SingleSelect>
          {onRemove && (
            <Button variant="tertiary" onClick={onRemove}>
              {t('common.remove')}
            </Button>
          )}
        </Flex>
        <Typography variant="pi" textColor="neutral600">
          {t(`builder.tasks.condition.${kind}.hint`)}
        </Typography>
        {body()}
      </Flex>
    </Box>
  );
};
