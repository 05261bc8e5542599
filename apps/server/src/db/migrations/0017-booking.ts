import type { Kysely } from 'kysely';

// Online booking (docs/adr/0030-online-booking.md): per-workspace settings, the services a customer
// picks from, the requests (each holds its slot as a real scheduled job until decided or expired), and
// the proof-of-work challenges already used (single use). Jobs carry their request's id and status, so
// the board marks an unconfirmed request without asking the booking module.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_settings')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('auto_confirm', 'integer', (c) => c.notNull())
    .addColumn('hold_hours', 'integer', (c) => c.notNull())
    .addColumn('pending_cap', 'integer', (c) => c.notNull())
    .addColumn('horizon_days', 'integer', (c) => c.notNull())
    .addColumn('min_notice_hours', 'integer', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('booking_services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    // JSON array of member ids; [] = every active technician.
    .addColumn('technician_ids', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_services_workspace')
    .on('booking_services')
    .columns(['workspace_id', 'position'])
    .execute();

  await db.schema
    .createTable('booking_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.references('jobs.id').onDelete('set null'))
    .addColumn('service_id', 'text', (c) => c.references('booking_services.id').onDelete('set null'))
    // The service's name when booked (the service may be renamed or deleted later).
    .addColumn('service_name', 'text', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('technician_id', 'text')
    // 'pending' | 'confirmed' | 'declined' | 'expired'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('hold_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'text')
    .addColumn('decline_reason', 'text')
    // Who asked (rate limits, audit): the client's address as the server saw it.
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_requests_status')
    .on('booking_requests')
    .columns(['workspace_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('booking_requests_hold')
    .on('booking_requests')
    .columns(['status', 'hold_expires_at'])
    .execute();
  await db.schema.createIndex('booking_requests_job').on('booking_requests').column('job_id').execute();
  await db.schema
    .createIndex('booking_requests_email')
    .on('booking_requests')
    .columns(['workspace_id', 'email', 'status'])
    .execute();

  await db.schema
    .createTable('booking_challenges')
    // The challenge's random id: a second use of it is refused by the key.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_challenges_expiry').on('booking_challenges').column('expires_at').execute();

  await db.schema.alterTable('jobs').addColumn('booking_request_id', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('booking_status', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('booking_status').execute();
  await db.schema.alterTable('jobs').dropColumn('booking_request_id').execute();
  await db.schema.dropTable('booking_challenges').execute();
  await db.schema.dropTable('booking_requests').execute();
  await db.schema.dropTable('booking_services').execute();
  await db.schema.dropTable('booking_settings').execute();
}
