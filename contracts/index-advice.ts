import { z } from 'zod';

/**
 * What `GET /data-api/endpoints/:id/index-advice` answers: the size of the table a List or Aggregate endpoint
 * reads, and the one composite index to create when the table is large and no index serves the endpoint's
 * filter and sort (or groups). Other endpoint types get no advice.
 */
export const indexAdviceSchema = z.strictObject({
  /** The content type's table, as Strapi's metadata names it. */
  table: z.string(),
  /** Its rows: the database's estimate on PostgreSQL and MariaDB/MySQL, an exact count on SQLite. */
  rows: z.number().int().nonnegative(),
  /** Whether it holds more rows than `LARGE_TABLE_ROWS`: a page that scans it costs. */
  large: z.boolean(),
  advice: z
    .strictObject({
      /** The index's columns, in order: the equality columns, then the sort (or group) columns. */
      columns: z.array(z.string()),
      /** A ready `CREATE INDEX` in the database's quoting. */
      sql: z.string(),
    })
    .nullable(),
});

export type IndexAdvice = z.infer<typeof indexAdviceSchema>;

/** Above this many rows a table is large enough that a page scanning it costs. */
export const LARGE_TABLE_ROWS = 10_000;
