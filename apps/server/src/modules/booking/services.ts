import {
  type BookingService,
  type BookingServiceCreate,
  type BookingServicePatch,
  bookingLimits,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError, notFound } from '../../errors/app-error.js';
import { versionConflict } from '../../errors/version-conflict.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { newRowOf } from '../../lib/ids.js';
import { membersAmong } from '../members/index.js';
import { presentService, type ServiceRow } from './presenter.js';
import { findService, listServices } from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  technicians: { id: 'problems.booking.serviceTechnicians' },
  tooMany: { id: 'problems.booking.tooManyServices' },
});

export async function getServices(db: Kysely<Database>, actor: Actor): Promise<{ items: BookingService[] }> {
  return { items: (await listServices(db, actor.workspaceId)).map(presentService) };
}

/** 400 at `technicianIds` unless every id is an active technician of the workspace. */
async function checkTechnicians(db: Kysely<Database>, workspaceId: string, ids: string[]): Promise<void> {
  const found = await membersAmong(db, workspaceId, ids);
  const ok = new Set(found.filter((m) => m.role === 'technician' && m.deactivated_at === null).map((m) => m.id));
  if (ids.some((id) => !ok.has(id))) {
    throw fieldError('technicianIds', text(refusals.technicians));
  }
}

export async function createService(
  db: Kysely<Database>,
  actor: Actor,
  input: BookingServiceCreate,
): Promise<BookingService> {
  await checkTechnicians(db, actor.workspaceId, input.technicianIds);
  const existing = await listServices(db, actor.workspaceId);
  if (existing.length >= bookingLimits.servicesMax) {
    throw fieldError('', text(refusals.tooMany, { max: String(bookingLimits.servicesMax) }));
  }
  const row: ServiceRow = {
    ...newRowOf(actor.workspaceId, Date.now()),
    name: input.name,
    duration_minutes: input.durationMinutes,
    technician_ids: JSON.stringify(input.technicianIds),
    active: input.active ? 1 : 0,
    position: input.position ?? existing.reduce((max, s) => Math.max(max, Number(s.position) + 1), 0),
  };
  await db.insertInto('booking_services').values(row).execute();
  return presentService(row);
}

/** Applies a patch written against `version`: a stale one is 412 with the service as it is. */
export async function updateService(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  version: number,
  patch: BookingServicePatch,
): Promise<BookingService> {
  const current = await findService(db, actor.workspaceId, id);
  if (!current) throw notFound('Service');
  if (Number(current.version) !== version) {
    throw versionConflict('service', Number(current.version), presentService(current));
  }
  if (patch.technicianIds) await checkTechnicians(db, actor.workspaceId, patch.technicianIds);
  const result = await db
    .updateTable('booking_services')
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.durationMinutes !== undefined && { duration_minutes: patch.durationMinutes }),
      ...(patch.technicianIds !== undefined && { technician_ids: JSON.stringify(patch.technicianIds) }),
      ...(patch.active !== undefined && { active: patch.active ? 1 : 0 }),
      ...(patch.position !== undefined && { position: patch.position }),
      version: version + 1,
      updated_at: Date.now(),
    })
    .where('workspace_id', '=', actor.workspaceId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  const now = await findService(db, actor.workspaceId, id);
  if (!now) throw notFound('Service');
  if (Number(result.numUpdatedRows) === 0) throw versionConflict('service', Number(now.version), presentService(now));
  return presentService(now);
}

/**
 * Deletes a service; `version` (If-Match, optional) guards against deleting one changed meanwhile.
 * Its requests keep the service's name (their `serviceId` becomes null).
 */
export async function deleteService(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  version: number | null,
): Promise<void> {
  let q = db.deleteFrom('booking_services').where('workspace_id', '=', actor.workspaceId).where('id', '=', id);
  if (version !== null) q = q.where('version', '=', version);
  const result = await q.executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) return;
  const now = await findService(db, actor.workspaceId, id);
  if (!now) throw notFound('Service');
  throw versionConflict('service', Number(now.version), presentService(now));
}
