import { type Kysely, PostgresAdapter } from 'kysely';

// The work record of a visit (docs/adr/0025-work-record.md): notes, checklist templates and their
// answers, the customer's signature. A visit is (job, occurrence_key): the occurrence's original start
// in ms for a recurring job, 0 for a one-off job — never null, so the unique indexes hold on both dialects.
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';

  await db.schema
    .createTable('visit_notes')
    // Made by the client, so a replayed create finds the note it already made.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('occurrence_key', 'bigint', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('visit_notes_visit')
    .on('visit_notes')
    .columns(['workspace_id', 'job_id', 'occurrence_key', 'created_at'])
    .execute();

  await db.schema
    .createTable('checklist_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title_pattern', 'text')
    // JSON: the items, as in the API.
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checklist_templates_ws').on('checklist_templates').column('workspace_id').execute();

  // Templates attached to a job by hand (those whose title pattern matches attach without a row).
  await db.schema
    .createTable('job_checklists')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('template_id', 'text', (c) => c.notNull().references('checklist_templates.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_checklists_pk', ['job_id', 'template_id'])
    .execute();

  // A checklist answered on a visit: the template's items copied at the first answer, so a later edit
  // of the template changes no record. No foreign key to the template: the record outlives it.
  await db.schema
    .createTable('visit_checklists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('occurrence_key', 'bigint', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    // JSON: item id → answer; and item id → the version that last set it (the per-item stale check).
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('answer_versions', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createIndex('visit_checklists_visit')
    .on('visit_checklists')
    .columns(['workspace_id', 'job_id', 'occurrence_key', 'template_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('visit_signatures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('occurrence_key', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // The PNG itself (at most 512 KB): small enough for the database, and backed up with it.
    .addColumn('image', binary, (c) => c.notNull())
    .addColumn('signed_at', 'bigint', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('visit_signatures_visit')
    .on('visit_signatures')
    .columns(['workspace_id', 'job_id', 'occurrence_key'])
    .unique()
    .execute();
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
