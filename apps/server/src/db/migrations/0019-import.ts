import type { Kysely } from 'kysely';
import { createIndex, notNull, ownedBy, required, timestamps, workspaceEntity, workspaceId } from './ddl.js';

// Import of customers and jobs (docs/adr/0034-import.md): one task row per uploaded file with its progress
// (a reload finds it, a restarted process resumes it), and one row per imported file row, keyed so that
// importing the same file again finds every row already done and changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('imports')
    .$call(workspaceEntity)
    .$call(required('text', 'kind', 'file_name', 'file_hash', 'file_path', 'format', 'encoding'))
    .addColumn('encoding_guessed', 'integer', notNull)
    .$call(required('text', 'delimiter', 'headers'))
    .addColumn('header_row', 'integer', notNull)
    .$call(required('text', 'mapping', 'duplicate_policy', 'status'))
    .$call(required('integer', 'total_rows', 'processed_rows'))
    .$call(required('integer', 'created_count', 'updated_count', 'skipped_count', 'refused_count'))
    .$call(required('integer', 'geocode_total', 'geocoded_rows'))
    .addColumn('refusals', 'text', notNull)
    .addColumn('error', 'text')
    // Which process runs it until when; an expired lease lets another process resume it.
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('version', 'integer', notNull)
    .addColumn('created_by', 'text')
    .$call(timestamps)
    .execute();
  await createIndex(db, 'imports_workspace', 'imports', ['workspace_id', 'created_at']);
  await createIndex(db, 'imports_status', 'imports', ['status', 'lease_until']);

  await db.schema
    .createTable('import_rows')
    .$call(workspaceId)
    .addColumn('kind', 'text', notNull)
    // The source tool's id when a column carries one, else a hash of the file and the row number.
    .addColumn('row_key', 'text', notNull)
    .addColumn('import_id', 'text', ownedBy('imports'))
    .addColumn('row_number', 'integer', notNull)
    .$call(required('text', 'entity_id', 'outcome'))
    // 1 once the entity has a position from the file or geocoding; 0 to place on the map.
    .addColumn('placed', 'integer', notNull)
    .addColumn('geocode_query', 'text')
    .addPrimaryKeyConstraint('import_rows_pk', ['workspace_id', 'kind', 'row_key'])
    .execute();
  await createIndex(db, 'import_rows_import', 'import_rows', ['import_id', 'placed', 'row_number']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_rows').execute();
  await db.schema.dropTable('imports').execute();
}
