/** Limits of the spec (section 8) and of endpoint definitions. */
export const LIMITS = {
  pageSize: 100,
  dimensionsPerAxis: 5,
  measures: 10,
  pathLength: 200,
} as const;
