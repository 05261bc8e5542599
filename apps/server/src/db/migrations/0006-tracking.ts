import type { Kysely } from 'kysely';
import { createIndex, notNull, notNullUnique, optional, ownedBy, workspaceEntity } from './ddl.js';

// The customer's tracking link of one visit (docs/adr/0011-tracking-links.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracking_links')
    .$call(workspaceEntity)
    .addColumn('job_id', 'text', ownedBy('jobs'))
    // The occurrence's original start (ms) for a recurring job's visit; null for a one-off job.
    .addColumn('occurrence_key', 'bigint')
    // Whose position the page shows: the technician who set off.
    .addColumn('member_id', 'text', ownedBy('memberships'))
    // SHA-256 of the token: what the public route looks up; the channel name derives from it too.
    .addColumn('token_hash', 'text', notNullUnique)
    // The token sealed (AES-256-GCM) so dispatchers can copy the link again; never sent to the page.
    .addColumn('token_sealed', 'text', notNull)
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', notNull)
    // The visit ended (completed or cancelled) or a dispatcher revoked the link.
    .$call(optional('bigint', 'ended_at', 'revoked_at'))
    .execute();
  await createIndex(db, 'tracking_links_job', 'tracking_links', ['workspace_id', 'job_id', 'occurrence_key']);
  await createIndex(db, 'tracking_links_member', 'tracking_links', ['member_id', 'ended_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tracking_links').execute();
}
