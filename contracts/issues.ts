import type { z } from 'zod';

/** `['fields', 1, 'required']` as `fields[1].required`, the notation of the server's own messages. */
const formatPath = (path: PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');

/** Formats zod issues as one readable line per problem, naming the property concerned. */
export const describeIssues = (error: z.ZodError): string[] =>
  error.issues.map((i) => (i.path.length ? `${formatPath(i.path)}: ${i.message}` : i.message));
