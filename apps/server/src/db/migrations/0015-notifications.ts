import type { Kysely } from 'kysely';
import {
  createIndex,
  lease,
  notNull,
  optional,
  ownedBy,
  required,
  versionAndUpdatedAt,
  visit,
  workspaceEntity,
  workspaceId,
  workspaceKey,
} from './ddl.js';

// Customer notifications (docs/adr/0029-notification-outbox.md): per-workspace settings and templates,
// customers' opt-outs, and the outbox — one row per message, written in the transaction of the change
// that causes it and sent by a background worker that claims due rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_settings')
    .$call(workspaceKey)
    .addColumn('enabled', 'integer', notNull)
    .$call(optional('text', 'from_address', 'reply_to'))
    .addColumn('company_phone', 'text', notNull)
    .addColumn('reminder_days_before', 'integer', notNull)
    .addColumn('reminder_time', 'text', notNull)
    .addColumn('move_threshold_minutes', 'integer', notNull)
    .$call(versionAndUpdatedAt)
    .execute();

  await db.schema
    .createTable('notification_templates')
    .$call(workspaceId)
    .addColumn('kind', 'text', notNull)
    .addColumn('enabled', 'integer', notNull)
    .$call(required('text', 'subject', 'body', 'sms'))
    .addPrimaryKeyConstraint('notification_templates_pk', ['workspace_id', 'kind'])
    .execute();

  await db.schema
    .createTable('notification_optouts')
    .$call(workspaceId)
    .addColumn('customer_id', 'text', ownedBy('customers'))
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('notification_optouts_pk', ['workspace_id', 'customer_id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .$call(workspaceEntity)
    .$call(visit)
    .$call(required('text', 'kind', 'channel'))
    // The customer's address or number when the row was written; the send uses the current one.
    .addColumn('recipient', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('due_at', 'bigint', notNull)
    .addColumn('attempts', 'integer', notNull)
    .addColumn('reason', 'text')
    .$call(lease)
    // One row per event: a replayed write or a second process finds it there (unique with the workspace).
    .addColumn('event_key', 'text', notNull)
    .addColumn('provider_id', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('sent_at', 'bigint')
    .addUniqueConstraint('notifications_event', ['workspace_id', 'event_key'])
    .execute();
  await createIndex(db, 'notifications_due', 'notifications', ['status', 'due_at']);
  await createIndex(db, 'notifications_job', 'notifications', ['workspace_id', 'job_id', 'created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('notification_optouts').execute();
  await db.schema.dropTable('notification_templates').execute();
  await db.schema.dropTable('notification_settings').execute();
}
