/** Whether a database error is a unique-constraint violation (SQLite, PostgreSQL, MySQL/MariaDB). */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string | number; errno?: number; message?: string } | null;
  if (!e) return false;
  return (
    e.code === '23505' ||
    e.code === 'ER_DUP_ENTRY' ||
    e.errno === 1062 ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /unique constraint|duplicate entry/i.test(e.message ?? '')
  );
};
