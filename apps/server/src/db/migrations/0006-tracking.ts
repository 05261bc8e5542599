import type { Kysely } from 'kysely';

// The customer's tracking link of one visit (docs/adr/0011-tracking-links.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracking_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    // The occurrence's original start (ms) for a recurring job's visit; null for a one-off job.
    .addColumn('occurrence_key', 'bigint')
    // Whose position the page shows: the technician who set off.
    .addColumn('member_id', 'text', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    // SHA-256 of the token: what the public route looks up; the channel name derives from it too.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The token sealed (AES-256-GCM) so dispatchers can copy the link again; never sent to the page.
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // The visit ended (completed or cancelled) or a dispatcher revoked the link.
    .addColumn('ended_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('tracking_links_job')
    .on('tracking_links')
    .columns(['workspace_id', 'job_id', 'occurrence_key'])
    .execute();
  await db.schema
    .createIndex('tracking_links_member')
    .on('tracking_links')
    .columns(['member_id', 'ended_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tracking_links').execute();
}
