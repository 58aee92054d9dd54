import { formatProblem, type Problem } from '../../../contracts/problems';

/** Where a problem sits in the admin input: `['fields', 1, 'name']` (see contracts/problems.ts). */
export type Path = Problem['path'];

/**
 * A definition that cannot work against the live content types: answered by the admin API as a 400. It carries
 * its problem structured (the panel places it by path); its message is the problem as one line, for logs.
 */
export class DefinitionError extends Error {
  readonly problem: Problem;

  constructor(path: Path, message: string) {
    const problem = { path: [...path], message };
    super(formatProblem(problem));
    this.problem = problem;
  }
}
