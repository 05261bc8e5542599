import type { Kysely } from 'kysely';

// Import of customers and jobs (docs/adr/0034-import.md): one task row per uploaded file with its progress
// (a reload finds it, a restarted process resumes it), and one row per imported file row, keyed so that
// importing the same file again finds every row already done and changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_hash', 'text', (c) => c.notNull())
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('encoding', 'text', (c) => c.notNull())
    .addColumn('encoding_guessed', 'integer', (c) => c.notNull())
    .addColumn('delimiter', 'text', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('header_row', 'integer', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('duplicate_policy', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull())
    .addColumn('processed_rows', 'integer', (c) => c.notNull())
    .addColumn('created_count', 'integer', (c) => c.notNull())
    .addColumn('updated_count', 'integer', (c) => c.notNull())
    .addColumn('skipped_count', 'integer', (c) => c.notNull())
    .addColumn('refused_count', 'integer', (c) => c.notNull())
    .addColumn('geocode_total', 'integer', (c) => c.notNull())
    .addColumn('geocoded_rows', 'integer', (c) => c.notNull())
    .addColumn('refusals', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    // Which process runs it until when; an expired lease lets another process resume it.
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('imports_workspace').on('imports').columns(['workspace_id', 'created_at']).execute();
  await db.schema.createIndex('imports_status').on('imports').columns(['status', 'lease_until']).execute();

  await db.schema
    .createTable('import_rows')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // The source tool's id when a column carries one, else a hash of the file and the row number.
    .addColumn('row_key', 'text', (c) => c.notNull())
    .addColumn('import_id', 'text', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    // 1 once the entity has a position from the file or geocoding; 0 to place on the map.
    .addColumn('placed', 'integer', (c) => c.notNull())
    .addColumn('geocode_query', 'text')
    .addPrimaryKeyConstraint('import_rows_pk', ['workspace_id', 'kind', 'row_key'])
    .execute();
  await db.schema
    .createIndex('import_rows_import')
    .on('import_rows')
    .columns(['import_id', 'placed', 'row_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_rows').execute();
  await db.schema.dropTable('imports').execute();
}
