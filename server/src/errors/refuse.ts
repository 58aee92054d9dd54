import { formatProblem, type Problem } from '../../../contracts/problems';
import { AdminApiError } from './admin-api-error';

/**
 * Refuses admin input with a 400 that lists every problem in Strapi's ValidationError shape: each item of
 * `details.errors` has a `path`, a `message` and a `name`, as Strapi's own validation answers; the message joins
 * them as readable lines for clients that show only it.
 */
export const refuse = (problems: Problem[]): never => {
  throw new AdminApiError('ValidationError', problems.map(formatProblem).join('; '), {
    errors: problems.map(({ path, message }) => ({ path, message, name: 'ValidationError' })),
  });
};
