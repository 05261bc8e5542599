import { type Kysely, PostgresAdapter } from 'kysely';
import {
  createIndex,
  notNull,
  ownedBy,
  required,
  versionAndUpdatedAt,
  versioned,
  visit,
  workspaceEntity,
  workspaceId,
} from './ddl.js';

// The work record of a visit (docs/adr/0025-work-record.md): notes, checklist templates and their
// answers, the customer's signature. A visit is (job, occurrence_key): the occurrence's original start
// in ms for a recurring job, 0 for a one-off job — never null, so the unique indexes hold on both dialects.
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';

  await db.schema
    .createTable('visit_notes')
    // The id is made by the client, so a replayed create finds the note it already made.
    .$call(workspaceEntity)
    .$call(visit)
    .addColumn('author_id', 'text', ownedBy('memberships'))
    .addColumn('body', 'text', notNull)
    .$call(versioned)
    .execute();
  await createIndex(db, 'visit_notes_visit', 'visit_notes', ['workspace_id', 'job_id', 'occurrence_key', 'created_at']);

  await db.schema
    .createTable('checklist_templates')
    .$call(workspaceEntity)
    .addColumn('name', 'text', notNull)
    .addColumn('title_pattern', 'text')
    // JSON: the items, as in the API.
    .addColumn('items', 'text', notNull)
    .addColumn('signature', 'text', notNull)
    .$call(versioned)
    .execute();
  await createIndex(db, 'checklist_templates_ws', 'checklist_templates', ['workspace_id']);

  // Templates attached to a job by hand (those whose title pattern matches attach without a row).
  await db.schema
    .createTable('job_checklists')
    .$call(workspaceId)
    .addColumn('job_id', 'text', ownedBy('jobs'))
    .addColumn('template_id', 'text', ownedBy('checklist_templates'))
    .addColumn('position', 'integer', notNull)
    .addPrimaryKeyConstraint('job_checklists_pk', ['job_id', 'template_id'])
    .execute();

  // A checklist answered on a visit: the template's items copied at the first answer, so a later edit
  // of the template changes no record. No foreign key to the template: the record outlives it.
  await db.schema
    .createTable('visit_checklists')
    .$call(workspaceEntity)
    .$call(visit)
    .$call(required('text', 'template_id', 'name', 'items', 'signature'))
    // JSON: item id → answer; and item id → the version that last set it (the per-item stale check).
    .$call(required('text', 'answers', 'answer_versions'))
    .$call(versionAndUpdatedAt)
    .addColumn('updated_by', 'text')
    .execute();
  await createIndex(
    db,
    'visit_checklists_visit',
    'visit_checklists',
    ['workspace_id', 'job_id', 'occurrence_key', 'template_id'],
    { unique: true },
  );

  await db.schema
    .createTable('visit_signatures')
    .$call(workspaceEntity)
    .$call(visit)
    .addColumn('name', 'text', notNull)
    // The PNG itself (at most 512 KB): small enough for the database, and backed up with it.
    .addColumn('image', binary, notNull)
    .addColumn('signed_at', 'bigint', notNull)
    .addColumn('member_id', 'text', ownedBy('memberships'))
    .addColumn('version', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await createIndex(db, 'visit_signatures_visit', 'visit_signatures', ['workspace_id', 'job_id', 'occurrence_key'], {
    unique: true,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'visit_signatures',
    'visit_checklists',
    'job_checklists',
    'checklist_templates',
    'visit_notes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
