/**
 * True when `error` is a unique-constraint violation on `table.column`, from SQLite or PostgreSQL:
 * when two requests race past a "is it taken?" check, the unique index decides.
 */
export function isUniqueViolation(error: unknown, table: string, column: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; table?: unknown; detail?: unknown };
  if (e.code === '23505') {
    return e.table === table && typeof e.detail === 'string' && e.detail.startsWith(`Key (${column})=`);
  }
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return typeof e.message === 'string' && e.message.includes(`${table}.${column}`);
  }
  return false;
}
