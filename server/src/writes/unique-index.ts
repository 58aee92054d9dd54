/**
 * The column behind a unique-index violation, from the driver's own report (never from the SQL text that
 * knex puts in front of the message): PostgreSQL's `detail` (`Key (sku)=(A-1) already exists.`), SQLite's
 * `UNIQUE constraint failed: products.sku`, MySQL's `for key 'products_sku_unique'` (Strapi names unique
 * indexes `<table>_<column>_unique`). Null when it names no single column.
 */
export const violatedColumn = (error: unknown, table: string, columns: string[]): string | null => {
  const e = error as { message?: string; detail?: string; constraint?: string };
  const message = e.message ?? '';
  const pg = /^Key \(([^),]+)\)=/.exec(e.detail ?? '');
  if (pg) return columns.includes(pg[1]) ? pg[1] : null;
  const sqlite = /UNIQUE constraint failed: ([^\s,]+)$/.exec(message);
  if (sqlite) {
    const column = sqlite[1].split('.').pop()!;
    return columns.includes(column) ? column : null;
  }
  const key = /for key '([^']+)'$/.exec(message)?.[1] ?? e.constraint;
  if (!key) return null;
  const index = key.split('.').pop()!;
  return columns.find((c) => index === c || index === `${table}_${c}_unique`) ?? null;
};
