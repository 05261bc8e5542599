import {
  coarsenPosition,
  etaFrom,
  type JobStatus,
  occurrenceStatus,
  type TrackingView,
  type TravelSettings,
  trackingStatuses,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { iso } from '../../lib/ids.js';
import { numberOrNull } from '../../lib/numbers.js';
import { latestPosition } from '../locations/index.js';
import type { LinkRow } from './queries.js';
import { type VisitFacts, visitFacts } from './visit-facts.js';

/** A link keeps working this long past its visit's planned end (a technician running late). */
export const expiryMarginMs = 3 * 60 * 60 * 1000;
/** A position older than this is not shown: the technician stopped sharing. */
export const positionMaxAgeMs = 30 * 60 * 1000;
const minuteMs = 60_000;

/** The visit's planned window in ms: the job's, or its occurrence's (moved or not). */
export function visitWindow(link: LinkRow, facts: VisitFacts): { start: number; end: number } | null {
  const start = numberOrNull(facts.start_at);
  const end = numberOrNull(facts.end_at);
  if (start === null || end === null) return null;
  if (link.occurrence_key === null) return { start, end };
  const key = Number(link.occurrence_key);
  return {
    start: facts.exception_start === null ? key : Number(facts.exception_start),
    end: facts.exception_end === null ? key + (end - start) : Number(facts.exception_end),
  };
}

function visitStatus(link: LinkRow, facts: VisitFacts): JobStatus {
  if (link.occurrence_key === null || facts.rrule === null) return facts.status as JobStatus;
  return occurrenceStatus(facts.status as JobStatus, (facts.exception_status as JobStatus | null) ?? null, true);
}

/** When a link stops working: its visit's end plus the margin. */
export const expiresAt = (window: { end: number }) => window.end + expiryMarginMs;

/**
 * What the customer's page shows of a link at `now`, or null when the link no longer works
 * (revoked, visit ended or past its expiry, job deleted, technician gone): the API answers 404 then.
 */
export async function trackingView(
  db: Kysely<Database>,
  link: LinkRow,
  travel: TravelSettings,
  now = Date.now(),
): Promise<TrackingView | null> {
  if (link.revoked_at !== null || link.ended_at !== null) return null;
  const facts = await visitFacts(db, link);
  if (!facts || facts.deactivated_at !== null || facts.exception_kind === 'cancelled') return null;
  const window = visitWindow(link, facts);
  const status = visitStatus(link, facts);
  if (!window || now >= expiresAt(window)) return null;
  if (!(trackingStatuses as readonly string[]).includes(status)) return null;

  let position: TrackingView['position'] = null;
  let eta: string | null = null;
  if (status === 'en_route') {
    const latest = await latestPosition(db, link.workspace_id, link.member_id, now - positionMaxAgeMs);
    if (latest) {
      const coarse = coarsenPosition({ lat: Number(latest.lat), lng: Number(latest.lng) });
      // Minutes only: the fix's own second would tell more than the page needs.
      position = { ...coarse, at: iso(Math.floor(Number(latest.at) / minuteMs) * minuteMs) };
      if (facts.lat !== null && facts.lng !== null) {
        const arrival = etaFrom(coarse, { lat: Number(facts.lat), lng: Number(facts.lng) }, now, travel);
        eta = iso(Math.ceil(arrival / minuteMs) * minuteMs);
      }
    }
  }
  return {
    status: status as TrackingView['status'],
    window: { start: iso(window.start), end: iso(window.end) },
    technician: { firstName: firstName(facts.name), colour: facts.colour },
    position,
    eta,
  };
}

/** The first word of a member's name ("Ana María López" → "Ana"). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
