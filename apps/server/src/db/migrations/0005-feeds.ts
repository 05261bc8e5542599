import type { Kysely } from 'kysely';

// Calendar subscriptions (import) with their parsed events, and iCal links (export).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    // A technician's busy time, or null for the whole workspace.
    .addColumn('member_id', 'text', (c) => c.references('memberships.id').onDelete('cascade'))
    .addColumn('refresh_minutes', 'integer', (c) => c.notNull())
    // 'pending' | 'ok' | 'failing'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('last_fetched_at', 'bigint')
    .addColumn('last_success_at', 'bigint')
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('next_refresh_at', 'bigint', (c) => c.notNull())
    // The validators of the copy we hold, sent back as If-None-Match / If-Modified-Since.
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('content_hash', 'text')
    .addColumn('event_count', 'integer', (c) => c.notNull())
    // The refresh lease: one process at a time, taken by a conditional UPDATE (modules/feeds/lease.ts).
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feed_subscriptions_workspace')
    .on('feed_subscriptions')
    .columns(['workspace_id', 'created_at'])
    .execute();
  await db.schema.createIndex('feed_subscriptions_due').on('feed_subscriptions').column('next_refresh_at').execute();

  // The last good copy, parsed: one row per one-off event (found by its span) and one per series
  // (its span bounds it; its iCalendar text is expanded within the asked range).
  await db.schema
    .createTable('feed_events')
    .addColumn('feed_id', 'text', (c) => c.notNull().references('feed_subscriptions.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('all_day', 'integer', (c) => c.notNull())
    // One-offs: the event's instants (dates as UTC-midnight ms when all-day). Series: their span, end null when endless.
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint')
    // Series only: master and overrides with the time zones they use, as iCalendar text.
    .addColumn('series_ics', 'text')
    .addPrimaryKeyConstraint('feed_events_pk', ['feed_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('feed_events_range')
    .on('feed_events')
    .columns(['workspace_id', 'start_at', 'end_at'])
    .execute();

  await db.schema
    .createTable('feed_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    // A technician's jobs, or null for every job of the workspace.
    .addColumn('member_id', 'text', (c) => c.references('memberships.id').onDelete('cascade'))
    // SHA-256 of the token; the token itself is shown once and never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('feed_tokens_workspace')
    .on('feed_tokens')
    .columns(['workspace_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_tokens').execute();
  await db.schema.dropTable('feed_events').execute();
  await db.schema.dropTable('feed_subscriptions').execute();
}
