import { Button, Flex, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import type { ObjectDescription } from '../../../contracts/objects';
import { useT } from '../hooks/useT';
import type { Draft } from './draft';
import { RowCell } from './RowCell';

const SORTABLE = new Set([
  'integer',
  'biginteger',
  'float',
  'decimal',
  'string',
  'text',
  'email',
  'uid',
  'date',
  'datetime',
  'timestamp',
  'time',
  'enumeration',
  'boolean',
]);

/** The order of a List: fields, each ascending or descending. */
export const SortEditor = ({
  object,
  sort,
  onChange,
}: {
  object: ObjectDescription | undefined;
  sort: Draft['sort'];
  onChange: (sort: Draft['sort']) => void;
}) => {
  const t = useT();
  const fields = (object?.fields ?? []).filter((f) => SORTABLE.has(f.type));
  const update = (i: number, change: Partial<Draft['sort'][number]>) =>
    onChange(sort.map((s, j) => (i === j ? { ...s, ...change } : s)));
  return (
    <Flex direction="column" alignItems="stretch" gap={2}>
      {sort.map((s, i) => (
        <Flex key={i} gap={2} wrap="wrap" data-testid="sort-row">
          <RowCell>
            <SingleSelect
              aria-label={t('builder.sort.field')}
              value={s.field}
              onChange={(v: string | number) => update(i, { field: String(v) })}
            >
              {fields.map((f) => (
                <SingleSelectOption key={f.name} value={f.name}>
                  {f.name}
                </SingleSelectOption>
              ))}
            </SingleSelect>
          </RowCell>
          <RowCell>
            <SingleSelect
              aria-label={t('builder.sort.dir')}
              value={s.dir}
              onChange={(v: string | number) => update(i, { dir: v as 'asc' | 'desc' })}
            >
              <SingleSelectOption value="asc">{t('builder.sort.asc')}</SingleSelectOption>
              <SingleSelectOption value="desc">{t('builder.sort.desc')}</SingleSelectOption>
            </SingleSelect>
          </RowCell>
          <Button variant="tertiary" onClick={() => onChange(sort.filter((_, j) => j !== i))}>
            {t('common.remove')}
          </Button>
        </Flex>
      ))}
      <div>
        <Button
          variant="secondary"
          disabled={!fields.length}
          onClick={() => onChange([...sort, { field: fields[0].name, dir: 'asc' }])}
        >
          {t('builder.sort.add')}
        </Button>
      </div>
    </Flex>
  );
};
