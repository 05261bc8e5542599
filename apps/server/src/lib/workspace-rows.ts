import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';

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

/** A column of the table, for ordering. */
type ColumnOf<T extends ScopedTable> = keyof Database[T] & string;

/**
 * Kysely can't resolve column names on a table that is still a type parameter, so these statements
 * see the table as just the columns they use; the caller's table name and order are checked against
 * its own table at the call site (the same widening as db/versioned.ts).
 */
function shared(db: Kysely<Database>) {
  return db as unknown as Kysely<Record<string, { id: string; workspace_id: string }>>;
}

/** The workspace's row of `table` with this id. */
export function rowOfWorkspace<T extends WorkspaceTable>(
  db: Kysely<Database>,
  table: T,
  workspaceId: string,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  return shared(db)
    .selectFrom(table as string)
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** The workspace's row of a table that holds one per workspace (its settings of an area), if it has one. */
export function recordOfWorkspace<T extends ScopedTable>(
  db: Kysely<Database>,
  table: T,
  workspaceId: string,
): Promise<Selectable<Database[T]> | undefined> {
  return shared(db)
    .selectFrom(table as string)
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** Every row of the workspace in `table`, ordered by `order` (first column first; none: as stored). */
export function rowsOfWorkspace<T extends ScopedTable>(
  db: Kysely<Database>,
  table: T,
  workspaceId: string,
  order: readonly ColumnOf<T>[] = [],
): Promise<Selectable<Database[T]>[]> {
  let query = shared(db)
    .selectFrom(table as string)
    .selectAll()
    .where('workspace_id', '=', workspaceId);
  for (const column of order) query = query.orderBy(column as 'id');
  return query.execute() as Promise<Selectable<Database[T]>[]>;
}

/** How many rows of `table` the workspace has. */
export async function countOfWorkspace(db: Kysely<Database>, table: ScopedTable, workspaceId: string) {
  const row = await shared(db)
    .selectFrom(table as string)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
