import { can, type LiveLocation, type LocationPing, realtimeLimits } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, fieldError, forbidden } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { activeMemberIds } from '../members/index.js';
import { type LocationRow, presentLocation } from './presenter.js';
import { insertPing, lastReceivedAt, latestLocations, upsertLatest } from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  future: { id: 'problems.locations.atFuture' },
  lastDay: { id: 'problems.locations.atLastDay' },
  tooOften: { id: 'problems.locations.tooOften' },
});

const dayMs = 24 * 60 * 60 * 1000;
/** A device clock may run this far ahead of ours. */
const futureSkewMs = 60_000;
/** `GET /locations` shows positions received in the last 12 hours: older ones are not "live". */
export const liveWindowMs = 12 * 60 * 60 * 1000;

/** When the fix was taken: the device's time if plausible, else ours. */
function fixTime(ping: LocationPing, now: number): number {
  if (ping.at === undefined) return now;
  const at = Date.parse(ping.at);
  if (at > now + futureSkewMs) throw fieldError('at', text(refusals.future));
  if (at < now - dayMs) throw fieldError('at', text(refusals.lastDay));
  return Math.min(at, now);
}

/**
 * Records the actor's own position: at most one per 5 s per member (else 429 with Retry-After),
 * kept as the latest position and in the 30-day history. Returns what was stored.
 */
export async function recordPing(
  db: Kysely<Database>,
  actor: Actor,
  ping: LocationPing,
  now = Date.now(),
): Promise<LiveLocation> {
  const row: LocationRow = {
    workspace_id: actor.workspaceId,
    member_id: actor.memberId,
    lat: ping.lat,
    lng: ping.lng,
    accuracy_m: ping.accuracyM,
    heading: ping.heading ?? null,
    at: fixTime(ping, now),
    received_at: now,
  };
  const interval = realtimeLimits.locationPingIntervalMs;
  const accepted = await db.transaction().execute(async (trx) => {
    if (!(await upsertLatest(trx, row, interval))) return false;
    await insertPing(trx, row);
    return true;
  });
  if (!accepted) {
    const last = (await lastReceivedAt(db, actor.workspaceId, actor.memberId)) ?? now;
    const retryAfter = Math.max(1, Math.ceil((last + interval - now) / 1000));
    const values = { interval: String(interval / 1000), wait: String(retryAfter) };
    throw new AppError('rate_limited', text(refusals.tooOften, values), {
      retryAfter,
    });
  }
  return presentLocation(row);
}

/** Latest live positions: everyone's for dispatchers and owners, one's own for technicians, none for viewers. */
export async function getLocations(db: Kysely<Database>, actor: Actor, now = Date.now()): Promise<LiveLocation[]> {
  const all = can(actor.role, 'locations.read.all');
  if (!all && !can(actor.role, 'locations.read.own')) throw forbidden('see live locations');
  // Only active members' positions: a deactivated technician's last position is not shown.
  const active = await activeMemberIds(db, actor.workspaceId);
  const members = all ? active : active.filter((id) => id === actor.memberId);
  const rows = await latestLocations(db, actor.workspaceId, now - liveWindowMs, members);
  return rows.map(presentLocation);
}
