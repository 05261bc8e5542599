import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordOfWorkspace, rowOfWorkspace, rowsOfWorkspace } from '../../db/workspace-rows.js';
import type { RequestRow, ServiceRow } from './presenter.js';
import { type StoredBookingSettings, storedSettings } from './presenter.js';

export async function loadBookingSettings(db: Kysely<Database>, workspaceId: string): Promise<StoredBookingSettings> {
  return storedSettings(await recordOfWorkspace(db, 'booking_settings', workspaceId));
}

/** The workspace's services in page order (position, then name). */
export function listServices(db: Kysely<Database>, workspaceId: string): Promise<ServiceRow[]> {
  return rowsOfWorkspace(db, 'booking_services', workspaceId, ['position', 'name', 'id']);
}

export function findService(db: Kysely<Database>, workspaceId: string, id: string): Promise<ServiceRow | undefined> {
  return rowOfWorkspace(db, 'booking_services', workspaceId, id);
}

export function findRequest(db: Kysely<Database>, workspaceId: string, id: string): Promise<RequestRow | undefined> {
  return rowOfWorkspace(db, 'booking_requests', workspaceId, id);
}

/** Pending requests of the workspace, or of one email address in it. */
export async function countPending(db: Kysely<Database>, workspaceId: string, email?: string): Promise<number> {
  let q = db
    .selectFrom('booking_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'pending');
  if (email !== undefined) q = q.where('email', '=', email);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}
