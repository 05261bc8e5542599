import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { busyIntervals, toInstants } from '../feeds/busy.js';
import type { Booking } from './overlaps.js';
import type { Range } from './queries.js';

/** Imported busy time as the double-booking check sees it. */
export interface BusyBooking {
  /** The id of its background event in `/calendar/busy` (`busy:…`). */
  id: string;
  start: number;
  end: number;
  /** A technician's busy time, or null for everyone's (a workspace feed). */
  memberId: string | null;
}

/** The workspace's busy time overlapping the range, as instants. */
export async function busyBookingsIn(
  db: Kysely<Database>,
  workspaceId: string,
  zone: string,
  range: Range,
): Promise<BusyBooking[]> {
  return (await busyIntervals(db, workspaceId, zone, range)).map((b) => ({
    id: b.id,
    ...toInstants(b, zone),
    memberId: b.memberId,
  }));
}

/**
 * Jobs' bookings plus busy time: a technician's feed books that technician, a workspace feed every
 * technician among the bookings. Then `findOverlaps` flags a job on busy time like a double booking.
 */
export function withBusy(bookings: Booking[], busy: readonly BusyBooking[]): Booking[] {
  if (busy.length === 0) return bookings;
  const everyone = [...new Set(bookings.flatMap((b) => b.memberIds))];
  const extra = busy
    .filter((b) => b.end > b.start)
    .map((b) => ({
      id: b.id,
      jobId: b.id,
      start: b.start,
      end: b.end,
      memberIds: b.memberId ? [b.memberId] : everyone,
    }));
  return [...bookings, ...extra];
}
