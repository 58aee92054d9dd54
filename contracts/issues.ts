import type { z } from 'zod';

/** Formats zod issues as one readable line per problem, naming the property concerned. */
export const describeIssues = (error: z.ZodError): string[] =>
  error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
