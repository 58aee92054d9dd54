import type { Problem } from '../../../contracts/problems';

/**
 * Every problem the builder shows, each once: the admin API's (from the last refused Save, less those of the
 * properties changed since), the builder's own, which stand for the admin API's about their property, and the
 * live check of the path, which stands for any other about the path. A refused Save counts these.
 */
export const shownProblems = (server: Problem[], own: Problem[], livePath: string | undefined): Problem[] => {
  const live: Problem[] = livePath ? [{ path: ['path'], message: livePath }] : [];
  const builder = [...own.filter((p) => !(livePath && p.path[0] === 'path')), ...live];
  const replaced = new Set(builder.map((p) => p.path[0]));
  return [...server.filter((p) => !replaced.has(p.path[0])), ...builder];
};
