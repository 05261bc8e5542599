import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/** PostgreSQL's type for a column's values (each array parameter is cast to it, `text[]` …). */
export type PgType = 'text' | 'float8' | 'int4' | 'int8';

/**
 * PostgreSQL only: inserts many rows as one statement with one array parameter per column —
 * `insert into t (…) select $1::text, … from unnest($2::text[], $3::float8[], …)` — instead of a
 * multi-row VALUES list with a parameter per cell. A 1,000-row chunk is then a dozen parameters
 * instead of 14,000 for Kysely to compile, node-postgres to send and PostgreSQL to parse and bind
 * (docs/PERFORMANCE.md, "Import"). `same` are the columns every row shares, sent once each.
 * node-postgres writes each array as PostgreSQL's array literal, quoting every element and escaping
 * quotes and backslashes; `null` stays NULL and numbers keep their shortest exact form, as they
 * would as parameters of their own.
 */
export async function insertByColumns<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  same: readonly { column: keyof Database[T] & string; type: PgType; value: unknown }[],
  columns: readonly { column: keyof Database[T] & string; type: PgType }[],
  rows: readonly Partial<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = sql.join([...same, ...columns].map(({ column }) => sql.id(column)));
  const sameValues = same.map(({ type, value }) => sql`${value}::${sql.raw(type)}`);
  const arrays = columns.map(
    ({ column, type }) => sql`${rows.map((r) => (r as Record<string, unknown>)[column] ?? null)}::${sql.raw(type)}[]`,
  );
  const selected = sql.join([...sameValues, sql`u.*`]);
  await sql`insert into ${sql.table(table)} (${names}) select ${selected} from unnest(${sql.join(arrays)}) as u`.execute(
    trx,
  );
}
