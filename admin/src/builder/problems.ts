import { formatProblem, type Problem } from '../../../contracts/problems';
import { JSON_PARTS } from './draft';

const SECTIONS: readonly string[] = [
  'name',
  'path',
  'type',
  'object',
  'parameter',
  'status',
  'publish',
  'locale',
  'media',
  'enabled',
  'fields',
  'sort',
  'auth',
  'allowedIps',
  'rateLimit',
  ...JSON_PARTS,
];

/**
 * The admin API's problems by the part of the builder they concern (the first step of their path: `fields` for
 * `['fields', 1, 'name']`), each as its readable line; the rest under `other`.
 */
export const problemsBySection = (problems: Problem[]) => {
  const found: Record<string, string> = {};
  for (const problem of problems) {
    const first = problem.path[0];
    const section = typeof first === 'string' && SECTIONS.includes(first) ? first : 'other';
    const line = formatProblem(problem);
    found[section] = found[section] ? `${found[section]}; ${line}` : line;
  }
  return found;
};
