import { formatProblem, type Problem } from '../../../contracts/problems';
import { AdminApiError } from './admin-api-error';

/**
 * Refuses an admin action the admin's rights do not cover with a 403 whose message names each missing right. A
 * PolicyError keeps its message: Strapi answers any other 403 of an admin route with a bare "Forbidden".
 */
export const forbid = (problems: Problem[]): never => {
  throw new AdminApiError('PolicyError', problems.map(formatProblem).join('; '));
};
