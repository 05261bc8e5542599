import { type Kysely, sql, type Transaction } from 'kysely';
import { insertByColumns } from '../../db/column-insert.js';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { rowOfWorkspace } from '../../db/workspace-rows.js';
import type { ImportRow } from './presenter.js';

type Reader = Kysely<Database> | Transaction<Database>;

export function findImport(db: Reader, workspaceId: string, id: string): Promise<ImportRow | undefined> {
  return rowOfWorkspace(db, 'imports', workspaceId, id);
}

/** An import by id alone (the background runner, which serves every workspace). */
export function importById(db: Reader, id: string): Promise<ImportRow | undefined> {
  return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The workspace's latest imports, newest first. */
export function recentImports(db: Reader, workspaceId: string, limit = 20): Promise<ImportRow[]> {
  return db
    .selectFrom('imports')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** How many of an import's rows have no position yet. */
export async function unplacedCount(db: Reader, importId: string): Promise<number> {
  const row = await db
    .selectFrom('import_rows')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('import_id', '=', importId)
    .where('placed', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The row keys of `keys` that an earlier import (or an earlier chunk) already wrote. On PostgreSQL
 * (`dialect`) the keys go as one array parameter; otherwise in lists of 500 (docs/PERFORMANCE.md, "Import").
 */
export async function doneKeys(
  db: Reader,
  workspaceId: string,
  kind: string,
  keys: readonly string[],
  dialect?: Dialect,
) {
  const done = new Set<string>();
  const step = dialect === 'postgres' ? Math.max(keys.length, 1) : 500;
  for (let i = 0; i < keys.length; i += step) {
    const part = keys.slice(i, i + step);
    const query = db
      .selectFrom('import_rows')
      .select('row_key')
      .where('workspace_id', '=', workspaceId)
      .where('kind', '=', kind);
    const rows = await (dialect === 'postgres'
      ? query.where(sql<boolean>`row_key = any(${part}::text[])`)
      : query.where('row_key', 'in', part)
    ).execute();
    for (const r of rows) done.add(r.row_key);
  }
  return done;
}

/** Writes row keys: on PostgreSQL as one statement with an array per column, else 500 rows a statement. */
export async function insertRowKeys(trx: Transaction<Database>, dialect: Dialect, rows: readonly ImportRowsRow[]) {
  if (dialect === 'postgres') {
    await insertByColumns(trx, 'import_rows', [], rowKeyColumns, rows);
    return;
  }
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('import_rows')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

type ImportRowsRow = Database['import_rows'];
const rowKeyColumns = [
  { column: 'workspace_id', type: 'text' },
  { column: 'kind', type: 'text' },
  { column: 'row_key', type: 'text' },
  { column: 'import_id', type: 'text' },
  { column: 'row_number', type: 'int4' },
  { column: 'entity_id', type: 'text' },
  { column: 'outcome', type: 'text' },
  { column: 'placed', type: 'int4' },
  { column: 'geocode_query', type: 'text' },
] as const;

/** Imports a process should pick up: started (or geocoding) with no live lease. */
export async function resumableImports(db: Reader, now: number): Promise<{ id: string; workspace_id: string }[]> {
  return db
    .selectFrom('imports')
    .select(['id', 'workspace_id'])
    .where('status', 'in', ['running', 'geocoding'])
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .limit(10)
    .execute();
}

/** Takes (or renews) an import's lease for `owner`; false when another process holds a live one. */
export async function claimImport(db: Reader, id: string, owner: string, now: number, leaseMs: number) {
  const result = await db
    .updateTable('imports')
    .set({ lease_owner: owner, lease_until: now + leaseMs })
    .where('id', '=', id)
    .where('status', 'in', ['running', 'geocoding'])
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now), eb('lease_owner', '=', owner)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
