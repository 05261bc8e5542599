import type { Kysely } from 'kysely';
import {
  createIndex,
  lease,
  notNull,
  notNullUnique,
  optional,
  ownedBy,
  parentWorkspaceId,
  required,
  versioned,
  workspaceEntity,
} from './ddl.js';

// Calendar subscriptions (import) with their parsed events, and iCal links (export).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_subscriptions')
    .$call(workspaceEntity)
    .$call(required('text', 'name', 'url', 'colour'))
    // A technician's busy time, or null for the whole workspace.
    .addColumn('member_id', 'text', (c) => c.references('memberships.id').onDelete('cascade'))
    .addColumn('refresh_minutes', 'integer', notNull)
    // 'pending' | 'ok' | 'failing'
    .addColumn('status', 'text', notNull)
    .addColumn('last_error', 'text')
    .$call(optional('bigint', 'last_fetched_at', 'last_success_at'))
    .addColumn('failures', 'integer', notNull)
    .addColumn('next_refresh_at', 'bigint', notNull)
    // The validators of the copy we hold, sent back as If-None-Match / If-Modified-Since.
    .$call(optional('text', 'etag', 'last_modified', 'content_hash'))
    .addColumn('event_count', 'integer', notNull)
    // The refresh lease: one process at a time, taken by a conditional UPDATE (modules/feeds/lease.ts).
    .$call(lease)
    .$call(versioned)
    .execute();
  await createIndex(db, 'feed_subscriptions_workspace', 'feed_subscriptions', ['workspace_id', 'created_at']);
  await createIndex(db, 'feed_subscriptions_due', 'feed_subscriptions', ['next_refresh_at']);

  // The last good copy, parsed: one row per one-off event (found by its span) and one per series
  // (its span bounds it; its iCalendar text is expanded within the asked range).
  await db.schema
    .createTable('feed_events')
    .addColumn('feed_id', 'text', ownedBy('feed_subscriptions'))
    .$call(parentWorkspaceId)
    .addColumn('seq', 'integer', notNull)
    .$call(required('text', 'uid', 'summary'))
    .addColumn('all_day', 'integer', notNull)
    // One-offs: the event's instants (dates as UTC-midnight ms when all-day). Series: their span, end null when endless.
    .addColumn('start_at', 'bigint', notNull)
    .addColumn('end_at', 'bigint')
    // Series only: master and overrides with the time zones they use, as iCalendar text.
    .addColumn('series_ics', 'text')
    .addPrimaryKeyConstraint('feed_events_pk', ['feed_id', 'seq'])
    .execute();
  await createIndex(db, 'feed_events_range', 'feed_events', ['workspace_id', 'start_at', 'end_at']);

  await db.schema
    .createTable('feed_tokens')
    .$call(workspaceEntity)
    // A technician's jobs, or null for every job of the workspace.
    .addColumn('member_id', 'text', (c) => c.references('memberships.id').onDelete('cascade'))
    // SHA-256 of the token; the token itself is shown once and never stored.
    .addColumn('token_hash', 'text', notNullUnique)
    .addColumn('hint', 'text', notNull)
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('revoked_at', 'bigint')
    .execute();
  await createIndex(db, 'feed_tokens_workspace', 'feed_tokens', ['workspace_id', 'created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_tokens').execute();
  await db.schema.dropTable('feed_events').execute();
  await db.schema.dropTable('feed_subscriptions').execute();
}
