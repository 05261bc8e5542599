import type { Kysely } from 'kysely';

// Customer notifications (docs/adr/0029-notification-outbox.md): per-workspace settings and templates,
// customers' opt-outs, and the outbox — one row per message, written in the transaction of the change
// that causes it and sent by a background worker that claims due rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_settings')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('from_address', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('company_phone', 'text', (c) => c.notNull())
    .addColumn('reminder_days_before', 'integer', (c) => c.notNull())
    .addColumn('reminder_time', 'text', (c) => c.notNull())
    .addColumn('move_threshold_minutes', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notification_templates')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sms', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_templates_pk', ['workspace_id', 'kind'])
    .execute();

  await db.schema
    .createTable('notification_optouts')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_optouts_pk', ['workspace_id', 'customer_id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    // The occurrence's original start in ms; 0 for a one-off job.
    .addColumn('occurrence_key', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    // The customer's address or number when the row was written; the send uses the current one.
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    // One row per event: a replayed write or a second process finds it there (unique with the workspace).
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addUniqueConstraint('notifications_event', ['workspace_id', 'event_key'])
    .execute();
  await db.schema.createIndex('notifications_due').on('notifications').columns(['status', 'due_at']).execute();
  await db.schema
    .createIndex('notifications_job')
    .on('notifications')
    .columns(['workspace_id', 'job_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('notification_optouts').execute();
  await db.schema.dropTable('notification_templates').execute();
  await db.schema.dropTable('notification_settings').execute();
}
