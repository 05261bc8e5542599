import type { Kysely } from 'kysely';

// An iCal link ends by itself when the technician it shows, or the member who made it, is
// deactivated or loses the role that could make it: why, in words, for the Feeds screen. Null for a
// link revoked by hand (or still live).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('feed_tokens').addColumn('revoked_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('feed_tokens').dropColumn('revoked_reason').execute();
}
