/** A nullable numeric column as a number, null kept (PostgreSQL hands bigint and numeric columns over as text). */
export function numberOrNull(value: number | string | bigint | null): number | null {
  return value === null ? null : Number(value);
}
