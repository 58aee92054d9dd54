import { formatProblem, type Problem } from '../../../contracts/problems';
import { SECTION_OF_PROPERTY, type DefinitionProperty } from '../../../contracts/sections';

/** Whether a problem path's first step names a property of the definition. */
export const isProperty = (step: unknown): step is DefinitionProperty =>
  typeof step === 'string' && Object.keys(SECTION_OF_PROPERTY).includes(step);

/**
 * The admin API's problems by the property of the definition they concern (the first step of their path:
 * `fields` for `['fields', 1, 'name']`), shown by the builder's section of that property, each as its readable
 * line (a problem of the property itself as its message alone, its field saying where); the rest under `other`.
 */
export const problemsBySection = (problems: Problem[]) => {
  const found: Partial<Record<DefinitionProperty | 'other', string>> = {};
  for (const problem of problems) {
    const first = problem.path[0];
    const section = isProperty(first) ? first : 'other';
    const own = section !== 'other' && problem.path.length === 1;
    const line = own ? problem.message : formatProblem(problem);
    // The property's own lines come first: a line with no place is read back only at the start (problemsOfLines).
    const lines = [found[section], line].filter(Boolean);
    found[section] = (own ? lines.reverse() : lines).join('; ');
  }
  return found;
};
