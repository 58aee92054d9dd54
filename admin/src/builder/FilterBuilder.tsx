import { Box, Button, Flex, SingleSelect, SingleSelectOption, TextInput } from '@strapi/design-system';
import { createContext, useContext, useId } from 'react';
import {
  FILTER_OPERATORS,
  filterOf,
  treeOf,
  type FilterCondition,
  type FilterGroup,
  type FilterNode,
} from '../../../contracts/filter-tree';
import { useT } from '../hooks/useT';
import { JsonOrForm } from './JsonOrForm';
import { parsedOrNull, type PartEditorProps } from './values';
import { ValueInput } from './ValueInput';

/** The id of the field suggestions of one filter (a page can hold several, each on its own type). */
const FieldList = createContext('');

const ConditionRow = ({
  condition,
  variables,
  onChange,
  onRemove,
}: {
  condition: FilterCondition;
  variables: string[];
  onChange: (c: FilterCondition) => void;
  onRemove: () => void;
}) => {
  const t = useT();
  const listId = useContext(FieldList);
  const noValue = condition.operator === '$null' || condition.operator === '$notNull';
  return (
    <Flex gap={2} alignItems="start" data-testid="filter-condition">
      <Box style={{ minWidth: 200 }}>
        <TextInput
          aria-label={t('builder.filter.field')}
          placeholder={t('builder.filter.field')}
          list={listId}
          value={condition.field}
          onChange={(e) => onChange({ ...condition, field: e.target.value })}
        />
      </Box>
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
        {FILTER_OPERATORS.map((op) => (
          <SingleSelectOption key={op} value={op}>
            {op}
          </SingleSelectOption>
        ))}
      </SingleSelect>
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
  fields,
  variables,
  onChange,
  onRemove,
}: {
  group: FilterGroup;
  fields: string[];
  variables: string[];
  onChange: (g: FilterGroup) => void;
  onRemove?: () => void;
}) => {
  const t = useT();
  const replace = (i: number, node: FilterNode) =>
    onChange({ ...group, children: group.children.map((c, j) => (i === j ? node : c)) });
  const remove = (i: number) => onChange({ ...group, children: group.children.filter((_, j) => j !== i) });
  const add = (node: FilterNode) => onChange({ ...group, children: [...group.children, node] });
  return (
    <Box padding={3} hasRadius borderColor="neutral200" borderStyle="solid" borderWidth="1px">
      <Flex direction="column" alignItems="stretch" gap={2}>
        <Flex gap={2}>
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
              fields={fields}
              variables={variables}
              onChange={(g) => replace(i, g)}
              onRemove={() => remove(i)}
            />
          ) : (
            <ConditionRow
              key={i}
              condition={node}
              variables={variables}
              onChange={(c) => replace(i, c)}
              onRemove={() => remove(i)}
            />
          )
        )}
        <Flex gap={2}>
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
  fields,
  variables,
  onChange,
}: {
  tree: FilterGroup;
  fields: string[];
  variables: string[];
  onChange: (filter: Record<string, unknown>) => void;
}) => {
  const listId = useId();
  return (
    <FieldList.Provider value={listId}>
      <datalist id={listId}>
        {fields.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      <GroupEditor group={tree} fields={fields} variables={variables} onChange={(g) => onChange(filterOf(g))} />
    </FieldList.Provider>
  );
};

/**
 * The endpoint filter: conditions in AND/OR groups, or the same as JSON. A filter the groups cannot show
 * (`$not`, ...) is edited as JSON.
 */
export const FilterBuilder = ({ text, fields, variables, onChange }: PartEditorProps) => {
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
            fields={fields}
            variables={variables}
            onChange={(filter) => onChange(JSON.stringify(filter, null, 2))}
          />
        )
      }
    />
  );
};
