import type { Kysely } from 'kysely';
import { createIndex, notNull, ownedBy, required, visit, workspaceId } from './ddl.js';

// Photos of a visit (docs/adr/0026-photo-storage.md): the row here, the bytes in the file storage.
// A photo is an upload until its last byte arrives (`completed_at`); the chunks received so far are
// stored objects listed in `photo_upload_parts`, joined into one object when the upload completes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('photos')
    .$call(workspaceId)
    // Made by the client, so a replayed create finds the upload it began.
    .addColumn('id', 'text', notNull)
    .$call(visit)
    .addColumn('caption', 'text', notNull)
    // Declared at create; replaced by the type the bytes show when the upload completes.
    .addColumn('content_type', 'text', notNull)
    .$call(required('integer', 'width', 'height'))
    .$call(required('bigint', 'size', 'received'))
    .addColumn('thumb_bytes', 'integer', notNull)
    .addColumn('uploaded_by', 'text', ownedBy('memberships'))
    .addColumn('version', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('completed_at', 'bigint')
    .addPrimaryKeyConstraint('photos_pk', ['workspace_id', 'id'])
    .execute();
  await createIndex(db, 'photos_visit', 'photos', ['workspace_id', 'job_id', 'occurrence_key', 'created_at']);

  await db.schema
    .createTable('photo_upload_parts')
    .$call(required('text', 'workspace_id', 'photo_id'))
    .addColumn('start_byte', 'bigint', notNull)
    .addColumn('length', 'integer', notNull)
    .addColumn('storage_key', 'text', notNull)
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
