import type { BookingSettings, BookingSettingsInput } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../errors/app-error.js';
import { versionConflict } from '../../errors/version-conflict.js';
import type { Actor } from '../../http/workspace-access.js';
import { findWorkspace } from '../workspaces/index.js';
import { presentSettings } from './presenter.js';
import { loadBookingSettings } from './queries.js';

/** The settings as the office sees them, with the page's address and embed snippet. */
export async function getBookingSettings(
  db: Kysely<Database>,
  workspaceId: string,
  origin: string | null,
): Promise<BookingSettings> {
  const [settings, workspace] = await Promise.all([
    loadBookingSettings(db, workspaceId),
    findWorkspace(db, workspaceId),
  ]);
  if (!workspace) throw notFound('Workspace');
  return presentSettings(settings, { origin, slug: workspace.slug, name: workspace.name });
}

/**
 * Saves the settings written against `version` (0 before the first save): one conditional write, so
 * of two saves against the same version one wins and the other is 412 with the settings as they are.
 */
export async function saveBookingSettings(
  db: Kysely<Database>,
  actor: Actor,
  version: number,
  input: BookingSettingsInput,
  origin: string | null,
): Promise<BookingSettings> {
  const values = {
    enabled: input.enabled ? 1 : 0,
    auto_confirm: input.autoConfirm ? 1 : 0,
    hold_hours: input.holdHours,
    pending_cap: input.pendingCap,
    horizon_days: input.horizonDays,
    min_notice_hours: input.minNoticeHours,
    intro: input.intro,
    version: version + 1,
    updated_at: Date.now(),
  };
  let written: number;
  if (version === 0) {
    const result = await db
      .insertInto('booking_settings')
      .values({ workspace_id: actor.workspaceId, ...values })
      .onConflict((oc) => oc.column('workspace_id').doNothing())
      .executeTakeFirst();
    written = Number(result.numInsertedOrUpdatedRows ?? 0);
  } else {
    const result = await db
      .updateTable('booking_settings')
      .set(values)
      .where('workspace_id', '=', actor.workspaceId)
      .where('version', '=', version)
      .executeTakeFirst();
    written = Number(result.numUpdatedRows);
  }
  const now = await getBookingSettings(db, actor.workspaceId, origin);
  if (written === 0) throw versionConflict('booking settings', now.version, now);
  return now;
}
