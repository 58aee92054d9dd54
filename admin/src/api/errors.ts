import { formatProblem, type Problem } from '../../../contracts/problems';

/** Whether an item of `details.errors` is a problem as the admin API lists them (contracts/problems.ts). */
const isProblem = (item: unknown): item is Problem => {
  const { path, message } = (item ?? {}) as Partial<Record<keyof Problem, unknown>>;
  return (
    Array.isArray(path) &&
    path.every((p) => typeof p === 'string' || typeof p === 'number') &&
    typeof message === 'string'
  );
};

/**
 * The problems of a refused admin API call: each one the server listed (`details.errors`), else its message as
 * a problem of the input as a whole (a 403, a network failure, a refusal without details).
 */
export const errorProblems = (error: unknown): Problem[] => {
  const body = (error as { response?: { data?: { error?: { message?: string; details?: { errors?: unknown } } } } })
    ?.response?.data?.error;
  const listed = body?.details?.errors;
  if (Array.isArray(listed) && listed.length && listed.every(isProblem)) {
    return listed.map(({ path, message }) => ({ path, message }));
  }
  return [{ path: [], message: body?.message ?? (error as Error)?.message ?? String(error) }];
};

/** The problems of a failed call as one line, for a form's error or a notification. */
export const problemsText = (error: unknown) => errorProblems(error).map(formatProblem).join('; ');

/**
 * The problems of one property as the builder's sections receive them (`problemsBySection`: readable lines,
 * `filter.$and[0].colour: unknown field ...`, joined by "; "), read back into paths and messages.
 */
export const problemsOfLines = (text: string | undefined, property: string): Problem[] => {
  if (!text) return [];
  const lines = text.split(new RegExp(`; (?=${property}[.[:])`));
  return lines.map((line) => {
    const colon = line.indexOf(': ');
    if (!line.startsWith(property) || colon < 0) return { path: [], message: line };
    const path = line
      .slice(0, colon)
      .split(/\.|(?=\[)/)
      .map((step) => (/^\[\d+\]$/.test(step) ? Number(step.slice(1, -1)) : step));
    return { path, message: line.slice(colon + 2) };
  });
};
