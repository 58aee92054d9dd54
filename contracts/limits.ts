/** Limits of the spec (section 8) and of endpoint definitions. */
export const LIMITS = {
  pageSize: 100,
  dimensionsPerAxis: 5,
  measures: 10,
  pathLength: 200,
  /** Row ids are 32-bit integers on PostgreSQL and MySQL. */
  maxRowId: 2147483647,
} as const;
