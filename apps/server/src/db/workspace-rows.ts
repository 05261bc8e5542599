import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';

// The plain reads every module's queries.ts had written out for its own table: one row of the workspace
// by id, its one row of a settings table, all its rows in an order, how many it has. A module still owns its table (docs/ARCHITECTURE.md,
// "Where SQL lives"): it names the table and calls these from its own queries.

/** The tables whose rows belong to one workspace. */
export type ScopedTable = {
  [T in keyof Database]: Database[T] extends { workspace_id: string } ? T : never;
}[keyof Database];

/** The tables whose rows belong to one workspace and carry an id. */
export type WorkspaceTable = {
  [T in ScopedTable]: Database[T] extends { id: string } ? T : never;
}[ScopedTable];

/** A row of the table as read. */
type Row<T extends ScopedTable> = Selectable<Database[T]>;

/** A column of the table, for ordering. */
type ColumnOf<T extends ScopedTable> = keyof Database[T] & string;

/**
 * The workspace's rows of `table`. Kysely can't resolve column names on a table that is still a type
 * parameter, so these statements see the table as just the columns they use; the caller's table name
 * and order are checked against its own table at the call site (the same widening as db/versioned.ts).
 */
function ofWorkspace(db: Kysely<Database>, table: ScopedTable, workspaceId: string) {
  const shared = db as unknown as Kysely<Record<string, { id: string; workspace_id: string }>>;
  return shared.selectFrom(table as string).where('workspace_id', '=', workspaceId);
}

/** The workspace's row of `table` with this id. */
export function rowOfWorkspace<T extends WorkspaceTable>(
  db: Kysely<Database>,
  table: T,
  workspaceId: string,
  id: string,
): Promise<Row<T> | undefined> {
  const query = ofWorkspace(db, table, workspaceId).selectAll().where('id', '=', id);
  return query.executeTakeFirst() as Promise<Row<T> | undefined>;
}

/** The workspace's row of a table that holds one per workspace (its settings of an area), if it has one. */
export function recordOfWorkspace<T extends ScopedTable>(
  db: Kysely<Database>,
  table: T,
  workspaceId: string,
): Promise<Row<T> | undefined> {
  return ofWorkspace(db, table, workspaceId).selectAll().executeTakeFirst() as Promise<
    Selectable<Database[T]> | undefined
  >;
}

/** Every row of the workspace in `table`, ordered by `order` (first column first; none: as stored). */
export function rowsOfWorkspace<T extends ScopedTable>(
  db: Kysely<Database>,
  table: T,
  workspaceId: string,
  order: readonly ColumnOf<T>[] = [],
): Promise<Row<T>[]> {
  let query = ofWorkspace(db, table, workspaceId).selectAll();
  for (const column of order) query = query.orderBy(column as 'id');
  return query.execute() as Promise<Row<T>[]>;
}

/** How many rows of `table` the workspace has. */
export async function countOfWorkspace(db: Kysely<Database>, table: ScopedTable, workspaceId: string) {
  const row = await ofWorkspace(db, table, workspaceId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
