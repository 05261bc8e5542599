import type { Kysely } from 'kysely';
import {
  createIndex,
  notNull,
  optional,
  required,
  versionAndUpdatedAt,
  versioned,
  workspaceEntity,
  workspaceKey,
} from './ddl.js';

// Online booking (docs/adr/0030-online-booking.md): per-workspace settings, the services a customer
// picks from, the requests (each holds its slot as a real scheduled job until decided or expired), and
// the proof-of-work challenges already used (single use). Jobs carry their request's id and status, so
// the board marks an unconfirmed request without asking the booking module.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_settings')
    .$call(workspaceKey)
    .$call(
      required('integer', 'enabled', 'auto_confirm', 'hold_hours', 'pending_cap', 'horizon_days', 'min_notice_hours'),
    )
    .addColumn('intro', 'text', notNull)
    .$call(versionAndUpdatedAt)
    .execute();

  await db.schema
    .createTable('booking_services')
    .$call(workspaceEntity)
    .addColumn('name', 'text', notNull)
    .addColumn('duration_minutes', 'integer', notNull)
    // JSON array of member ids; [] = every active technician.
    .addColumn('technician_ids', 'text', notNull)
    .$call(required('integer', 'active', 'position'))
    .$call(versioned)
    .execute();
  await createIndex(db, 'booking_services_workspace', 'booking_services', ['workspace_id', 'position']);

  await db.schema
    .createTable('booking_requests')
    .$call(workspaceEntity)
    .addColumn('job_id', 'text', (c) => c.references('jobs.id').onDelete('set null'))
    .addColumn('service_id', 'text', (c) => c.references('booking_services.id').onDelete('set null'))
    // The service's name when booked (the service may be renamed or deleted later).
    .addColumn('service_name', 'text', notNull)
    .$call(required('bigint', 'start_at', 'end_at'))
    .addColumn('technician_id', 'text')
    // 'pending' | 'confirmed' | 'declined' | 'expired'
    .addColumn('status', 'text', notNull)
    .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('set null'))
    .$call(required('text', 'name', 'email'))
    .addColumn('phone', 'text')
    .addColumn('address', 'text', notNull)
    .$call(required('double precision', 'lat', 'lng'))
    .addColumn('notes', 'text', notNull)
    .addColumn('hold_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('decided_at', 'bigint')
    .$call(optional('text', 'decided_by', 'decline_reason'))
    // Who asked (rate limits, audit): the client's address as the server saw it.
    .addColumn('client_address', 'text', notNull)
    .addColumn('version', 'integer', notNull)
    .execute();
  await createIndex(db, 'booking_requests_status', 'booking_requests', ['workspace_id', 'status', 'created_at']);
  await createIndex(db, 'booking_requests_hold', 'booking_requests', ['status', 'hold_expires_at']);
  await createIndex(db, 'booking_requests_job', 'booking_requests', ['job_id']);
  await createIndex(db, 'booking_requests_email', 'booking_requests', ['workspace_id', 'email', 'status']);

  await db.schema
    .createTable('booking_challenges')
    // The id is the challenge's random id: a second use of it is refused by the key.
    .$call(workspaceEntity)
    .$call(required('bigint', 'expires_at', 'used_at'))
    .execute();
  await createIndex(db, 'booking_challenges_expiry', 'booking_challenges', ['expires_at']);

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
