import { problemsOfLines } from '../../api/errors';
import { useAdminQuery } from '../../api/queries';
import { useT } from '../../hooks/useT';
import { filterFields, isFilterPath } from '../fieldChoices';
import { FilterBuilder } from '../FilterBuilder';
import { typeAtPath } from '../fieldTypes';
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
  const { words, inSection } = usePlainWords();
  const objects = useAdminQuery('objects.find').data ?? [];
  const listed = problemsOfLines(problems.filter, 'filter');
  const inFilter = listed.map((p) => ({ ...p, path: p.path.slice(1) }));
  const tree = treeOf(parsedOrNull(draft.filter, '{}'));
  const rows = tree ? conditionPaths(tree) : [];
  // A row's problems are said under its field box, where their place goes without saying.
  const atRow = (row: RowPath) =>
    rowProblems(inFilter, row)
      .map((p) => words(p.message))
      .join('; ') || undefined;
  const atNoRow = listed.filter((p) => !rows.some((row) => isUnder(p.path.slice(1), row)));
  return (
    <Section title={t('builder.filter')} error={inSection(atNoRow)}>
      <Hint>
        {/* What the conditions mean depends on the type: on a write, what is written must still match them. */}
        {t(`builder.filter.hint.${draft.type}`)} {t('builder.filter.hint')}
      </Hint>
      <FilterBuilder
        text={draft.filter}
        scope={{
          fields: filterFields(object, objects),
          isKnown: (path) => isFilterPath(path, object, objects),
          typeOf: (path) => typeAtPath(path, object, objects),
          objectName: object?.displayName ?? draft.object,
          problemAt: atRow,
        }}
        variables={variables}
        onChange={(text) => set('filter', text)}
      />
    </Section>
  );
};
