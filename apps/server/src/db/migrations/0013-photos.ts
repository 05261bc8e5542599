import type { Kysely } from 'kysely';

// Photos of a visit (docs/adr/0026-photo-storage.md): the row here, the bytes in the file storage.
// A photo is an upload until its last byte arrives (`completed_at`); the chunks received so far are
// stored objects listed in `photo_upload_parts`, joined into one object when the upload completes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('photos')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    // Made by the client, so a replayed create finds the upload it began.
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    // The occurrence's original start in ms; 0 for a one-off job.
    .addColumn('occurrence_key', 'bigint', (c) => c.notNull())
    .addColumn('caption', 'text', (c) => c.notNull())
    // Declared at create; replaced by the type the bytes show when the upload completes.
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('received', 'bigint', (c) => c.notNull())
    .addColumn('thumb_bytes', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addPrimaryKeyConstraint('photos_pk', ['workspace_id', 'id'])
    .execute();
  await db.schema
    .createIndex('photos_visit')
    .on('photos')
    .columns(['workspace_id', 'job_id', 'occurrence_key', 'created_at'])
    .execute();

  await db.schema
    .createTable('photo_upload_parts')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('photo_id', 'text', (c) => c.notNull())
    .addColumn('start_byte', 'bigint', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_upload_parts_pk', ['workspace_id', 'photo_id', 'start_byte'])
    .addForeignKeyConstraint(
      'photo_upload_parts_photo',
      ['workspace_id', 'photo_id'],
      'photos',
      ['workspace_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photo_upload_parts').execute();
  await db.schema.dropTable('photos').execute();
}
