import { problemsOfLines } from '../../api/errors';
import { useAdminQuery } from '../../api/queries';
import { useT } from '../../hooks/useT';
import { filterFields, isFilterPath } from '../fieldChoices';
import { FilterBuilder } from '../FilterBuilder';
import { conditionPaths, isUnder, rowProblems, type RowPath } from '../filterRows';
import { usePlainWords } from '../usePlainWords';
import { parsedOrNull } from '../values';
import { treeOf } from '../../../../contracts/filter-tree';
import { Hint } from './Hint';
import type { SectionProps } from './props';
import { Section } from './Section';

/**
 * The records the endpoint may reach, as conditions on their fields and the request's variables. A problem the
 * admin API found with a condition is shown at its row, in plain words; the others under the section.
 */
export const FilterSection = ({ draft, set, problems, object, variables }: SectionProps & { variables: string[] }) => {
  const t = useT();
  const words = usePlainWords();
  const objects = useAdminQuery('objects.find').data ?? [];
  const found = problemsOfLines(problems.filter, 'filter').map((p) => ({ ...p, path: p.path.slice(1) }));
  const tree = treeOf(parsedOrNull(draft.filter, '{}'));
  const rows = tree ? conditionPaths(tree) : [];
  const sayAll = (list: typeof found) => list.map((p) => words(p.message)).join('; ') || undefined;
  const atNoRow = found.filter((p) => !rows.some((row) => isUnder(p.path, row)));
  return (
    <Section title={t('builder.filter')} error={sayAll(atNoRow)}>
      <Hint>{t('builder.filter.hint')}</Hint>
      <FilterBuilder
        text={draft.filter}
        scope={{
          fields: filterFields(object, objects),
          isKnown: (path) => isFilterPath(path, object, objects),
          objectName: object?.displayName ?? draft.object,
          problemAt: (row: RowPath) => sayAll(rowProblems(found, row)),
        }}
        variables={variables}
        onChange={(text) => set('filter', text)}
      />
    </Section>
  );
};
