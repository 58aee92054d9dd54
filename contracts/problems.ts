import type { z } from 'zod';

/**
 * One thing wrong with admin input: where (`['fields', 1, 'name']`, empty for the input as a whole) and what.
 * The admin API answers a list of them in `error.details.errors`, as Strapi's own ValidationError does.
 */
export interface Problem {
  path: Array<string | number>;
  message: string;
}

/** `['fields', 1, 'required']` as `fields[1].required`, the notation of the server's own messages. */
export const formatPath = (path: ReadonlyArray<string | number>) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${p}`)).join('');

/** A problem as one readable line, naming the property concerned. */
export const formatProblem = ({ path, message }: Problem) =>
  path.length ? `${formatPath(path)}: ${message}` : message;

/** Zod's issues as problems (zod paths hold only property names and indexes for the inputs checked here). */
export const problemsOfIssues = (error: z.ZodError): Problem[] =>
  error.issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: i.message,
  }));

/** Formats zod issues as one readable line per problem. */
export const describeIssues = (error: z.ZodError): string[] => problemsOfIssues(error).map(formatProblem);
