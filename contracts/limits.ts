/** Limits of the spec (section 8) and of endpoint definitions. */
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
  /**
   * Related records one record may answer through to-many related fields inside one another: the product of
   * their limits (two at the default limit; a third needs lower limits).
   */
  relatedFanOut: 10000,
  /** Relations a List's related fields follow from the endpoint's type, one inside the other. */
  relatedDepth: 3,
  /** Levels of `fields` inside `fields` (relations, components and dynamic zones together). */
  fieldNesting: 6,
  /** Values of one `?<field>:in=` query filter. */
  queryFilterValues: 100,
} as const;
