import type { ColumnBuilderCallback, CreateTableBuilder, Kysely } from 'kysely';

// What many migrations' DDL shares: columns (added with `.$call(...)`) and indexes. Not a migration
// itself (migrations/index.ts lists those). Migrations that already ran on existing installs use these,
// so the DDL they produce must never change: a column that differs is a new helper, never an edit here.

/** A table being created, whatever columns it has so far. */
export type Table<C extends string> = CreateTableBuilder<string, C>;

/** `not null`, the constraint most columns carry. */
export const notNull: ColumnBuilderCallback = (c) => c.notNull();

/** The row's own key. */
export const primaryKey: ColumnBuilderCallback = (c) => c.primaryKey();

/** `not null unique`: a second row with the same value is refused. */
export const notNullUnique: ColumnBuilderCallback = (c) => c.notNull().unique();

/** A required reference to `<table>.id`, deleted with the row it points at. */
export const ownedBy =
  (table: string): ColumnBuilderCallback =>
  (c) =>
    c.notNull().references(`${table}.id`).onDelete('cascade');

/** The column types both dialects share (docs/adr/0003). */
type ColumnType = 'text' | 'integer' | 'bigint' | 'double precision';

/** Columns of one type, all `not null`, added in the order named. */
export const required =
  <N extends string>(type: ColumnType, ...names: N[]) =>
  <C extends string>(t: Table<C>) =>
    names.reduce<Table<C | N>>((table, name) => table.addColumn(name, type, notNull), t);

/** Columns of one type that may be null, added in the order named. */
export const optional =
  <N extends string>(type: ColumnType, ...names: N[]) =>
  <C extends string>(t: Table<C>) =>
    names.reduce<Table<C | N>>((table, name) => table.addColumn(name, type), t);

/** `workspace_id`: the workspace the row belongs to, deleted with it. */
export const workspaceId = <C extends string>(t: Table<C>) =>
  t.addColumn('workspace_id', 'text', ownedBy('workspaces'));

/** `workspace_id` copied from the parent row, for queries by workspace; the parent's cascade deletes the row. */
export const parentWorkspaceId = <C extends string>(t: Table<C>) => t.addColumn('workspace_id', 'text', notNull);

/** `id` (primary key) and `workspace_id`: how an entity of a workspace starts. */
export const workspaceEntity = <C extends string>(t: Table<C>) =>
  t.addColumn('id', 'text', primaryKey).$call(workspaceId);

/** `workspace_id` as the primary key: one row per workspace, deleted with it. */
export const workspaceKey = <C extends string>(t: Table<C>) =>
  t.addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'));

/** The visit a row belongs to: its job and the occurrence's original start (ms; 0 for a one-off job). */
export const visit = <C extends string>(t: Table<C>) =>
  t.addColumn('job_id', 'text', ownedBy('jobs')).addColumn('occurrence_key', 'bigint', notNull);

/** `created_at` and `updated_at`, epoch ms. */
export const timestamps = <C extends string>(t: Table<C>) =>
  t.addColumn('created_at', 'bigint', notNull).addColumn('updated_at', 'bigint', notNull);

/** `version` (every write names it, db/versioned.ts) with when the row was made and last changed. */
export const versioned = <C extends string>(t: Table<C>) =>
  t.addColumn('version', 'integer', notNull).$call(timestamps);

/** `version` and `updated_at`, for a row without a `created_at` of its own (settings, a checklist's answers). */
export const versionAndUpdatedAt = <C extends string>(t: Table<C>) =>
  t.addColumn('version', 'integer', notNull).addColumn('updated_at', 'bigint', notNull);

/** Which process holds the row's lease until when (an expired lease lets another take it). */
export const lease = <C extends string>(t: Table<C>) =>
  t.addColumn('lease_owner', 'text').addColumn('lease_expires_at', 'bigint');

/** `create [unique] index <name> on <table> (<columns>)`. */
export function createIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
  options: { unique?: boolean } = {},
): Promise<void> {
  const index = db.schema.createIndex(name).on(table).columns(columns);
  return (options.unique ? index.unique() : index).execute();
}
