/** Limits of requests, answers and endpoint definitions (docs/reference.md#endpoint-definition-json). */
export const LIMITS = {
  pageSize: 100,
  dimensionsPerAxis: 5,
  measures: 10,
  pathLength: 200,
  /** The longest request path and query string `/_api` reads (414 past them): cheap to refuse, costly to parse. */
  urlPath: 2048,
  queryString: 8192,
  /** Row ids are 32-bit integers on PostgreSQL and MySQL. */
  maxRowId: 2147483647,
  /** Records in one Create request (an array payload). */
  recordsPerRequest: 1000,
  /** Group combinations an Aggregate answers when its definition sets no `maxItems`. */
  defaultMaxItems: 10000,
  /** Ids in one to-many relation value. */
  relationIds: 1000,
  /** Files in one multiple media value. */
  filesPerField: 100,
  /** Related records a List answers per record in one to-many related field (its `limit`, and the default). */
  relatedPerRecord: 100,
  /** Relations a List's related fields follow from the endpoint's type, one inside the other. */
  relatedDepth: 3,
  /** Levels of `fields` inside `fields` (relations, components and dynamic zones together). */
  fieldNesting: 6,
  /** Values of one `?<field>:in=` query filter. */
  queryFilterValues: 100,

  // Structures kept in memory whose keys a caller chooses (docs/security.md, "Memory bounds"): each has a fixed
  // size, so no flood of distinct addresses or values makes the process grow.
  /** Counts of the memory rate-limit store (a limit and a caller each; a burst is a second): ~25 MB at most. */
  memoryStoreCounts: 100_000,
  /** Totals of List counts kept (a count statement and its binding values, keyed by their SHA-256). */
  cachedTotals: 10_000,
  /** Usage buckets kept in memory while the database cannot be written. */
  keptUsageBuckets: 10_000,
} as const;
