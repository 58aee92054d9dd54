import { Box, Button, Flex, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import { createContext, useContext } from 'react';
import {
  filterOf,
  treeOf,
  type FilterCondition,
  type FilterGroup,
  type FilterNode,
} from '../../../contracts/filter-tree';
import { useT } from '../hooks/useT';
import { FieldCombobox } from './FieldCombobox';
import { childPath, type RowPath } from './filterRows';
import { JsonOrForm } from './JsonOrForm';
import { fitsType, operatorOptions } from './operators';
import { RowCell } from './RowCell';
import { parsedOrNull, type PartEditorProps } from './values';
import { ValueInput } from './ValueInput';
import { problemPlace } from './problemPlaces';

/**
 * What every row of one filter offers and checks (a page can hold several, each on its own type): the field paths
 * to pick, whether a typed path is one, the type's name for the refusal, and each row's problems, in words.
 */
export interface FilterScope {
  fields: string[];
  isKnown: (path: string) => boolean;
  objectName: string;
  /** The type of the field a path names (see typeAtPath), which narrows the operators offered. */
  typeOf?: (path: string) => string | undefined;
  /** The problem with the row at this path of the filter JSON, in plain words; undefined when there is none. */
  problemAt?: (row: RowPath) => string | undefined;
}

const Scope = createContext<FilterScope>({ fields: [], isKnown: () => true, objectName: '' });

const ConditionRow = ({
  condition,
  at,
  variables,
  onChange,
  onRemove,
}: {
  condition: FilterCondition;
  at: RowPath;
  variables: string[];
  onChange: (c: FilterCondition) => void;
  onRemove: () => void;
}) => {
  const t = useT();
  const scope = useContext(Scope);
  const noValue = condition.operator === '$null' || condition.operator === '$notNull';
  // A field of another type keeps the operator only when that type takes it.
  const pickField = (field: string) =>
    onChange({
      ...condition,
      field,
      ...(fitsType(scope.typeOf?.(field), condition.operator) ? {} : { operator: '$eq' }),
    });
  return (
    <Flex gap={2} alignItems="start" wrap="wrap" data-testid="filter-condition" {...problemPlace(['filter', ...at])}>
      <RowCell>
        <FieldCombobox
          label={t('builder.filter.field')}
          value={condition.field}
          options={scope.fields}
          isKnown={scope.isKnown}
          refusal={(field) =>
            field
              ? t('builder.filter.field.refused', { field, object: scope.objectName })
              : t('builder.filter.field.empty')
          }
          error={scope.problemAt?.(at)}
          onChange={pickField}
        />
      </RowCell>
      <RowCell>
        <SingleSelect
          aria-label={t('builder.filter.operator')}
          value={condition.operator}
          onChange={(v: string | number) =>
            onChange({
              ...condition,
              operator: v as FilterCondition['operator'],
              value: v === '$null' || v === '$notNull' ? true : condition.value,
            })
          }
        >
          {operatorOptions(t, scope.typeOf?.(condition.field), condition.operator).map(([op, words]) => (
            <SingleSelectOption key={op} value={op}>
              {words}
            </SingleSelectOption>
          ))}
        </SingleSelect>
      </RowCell>
      {!noValue && (
        <ValueInput
          value={condition.value}
          variables={variables}
          onChange={(value) => onChange({ ...condition, value })}
        />
      )}
      <Button variant="tertiary" onClick={onRemove}>
        {t('common.remove')}
      </Button>
    </Flex>
  );
};

const GroupEditor = ({
  group,
  at,
  variables,
  onChange,
  onRemove,
}: {
  group: FilterGroup;
  /** Where the group's JSON sits in the filter's (`[]` at the top). */
  at: RowPath;
  variables: string[];
  onChange: (g: FilterGroup) => void;
  onRemove?: () => void;
}) => {
  const t = useT();
  const { fields } = useContext(Scope);
  const replace = (i: number, node: FilterNode) =>
    onChange({ ...group, children: group.children.map((c, j) => (i === j ? node : c)) });
  const remove = (i: number) => onChange({ ...group, children: group.children.filter((_, j) => j !== i) });
  const add = (node: FilterNode) => onChange({ ...group, children: [...group.children, node] });
  return (
    <Box padding={3} hasRadius borderColor="neutral200" borderStyle="solid" borderWidth="1px">
      <Flex direction="column" alignItems="stretch" gap={2}>
        <Flex gap={2} wrap="wrap">
          <SingleSelect
            aria-label={t('builder.filter.join')}
            value={group.op}
            onChange={(v: string | number) => onChange({ ...group, op: v as FilterGroup['op'] })}
          >
            <SingleSelectOption value="$and">{t('builder.filter.and')}</SingleSelectOption>
            <SingleSelectOption value="$or">{t('builder.filter.or')}</SingleSelectOption>
          </SingleSelect>
          {onRemove && (
            <Button variant="tertiary" onClick={onRemove}>
              {t('builder.filter.removeGroup')}
            </Button>
          )}
        </Flex>
        {group.children.map((node, i) =>
          node.kind === 'group' ? (
            <GroupEditor
              key={i}
              group={node}
              at={childPath(at, group.op, i)}
              variables={variables}
              onChange={(g) => replace(i, g)}
              onRemove={() => remove(i)}
            />
          ) : (
            <ConditionRow
              key={i}
              condition={node}
              at={childPath(at, group.op, i)}
              variables={variables}
              onChange={(c) => replace(i, c)}
              onRemove={() => remove(i)}
            />
          )
        )}
        <Flex gap={2} wrap="wrap">
          <Button
            variant="secondary"
            size="S"
            onClick={() => add({ kind: 'condition', field: fields[0] ?? '', operator: '$eq', value: '' })}
          >
            {t('builder.filter.addCondition')}
          </Button>
          <Button variant="tertiary" size="S" onClick={() => add({ kind: 'group', op: '$or', children: [] })}>
            {t('builder.filter.addGroup')}
          </Button>
        </Flex>
      </Flex>
    </Box>
  );
};

/** A filter as conditions in AND/OR groups, without a JSON view (the filters of tasks use it too). */
export const FilterGroups = ({
  tree,
  scope,
  variables,
  onChange,
}: {
  tree: FilterGroup;
  scope: FilterScope;
  variables: string[];
  onChange: (filter: Record<string, unknown>) => void;
}) => (
  <Scope.Provider value={scope}>
    <GroupEditor group={tree} at={[]} variables={variables} onChange={(g) => onChange(filterOf(g))} />
  </Scope.Provider>
);

/**
 * The endpoint filter: conditions in AND/OR groups, or the same as JSON. A filter the groups cannot show
 * (`$not`, ...) is edited as JSON.
 */
export const FilterBuilder = ({
  text,
  scope,
  variables,
  onChange,
}: Omit<PartEditorProps, 'fields'> & { scope: FilterScope }) => {
  const t = useT();
  const tree = treeOf(parsedOrNull(text, '{}'));
  return (
    <JsonOrForm
      label={t('builder.filter')}
      formLabel={t('builder.filter.groups')}
      note={t('builder.filter.jsonOnly')}
      text={text}
      onChange={onChange}
      form={
        tree && (
          <FilterGroups
            tree={tree}
            scope={scope}
            variables={variables}
            onChange={(filter) => onChange(JSON.stringify(filter, null, 2))}
          />
        )
      }
    />
  );
};
