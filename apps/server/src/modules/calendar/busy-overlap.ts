import type { BusyTime } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { busyIntervals, toInstants } from '../feeds/index.js';

import type { Range } from '../jobs/index.js';

/**
 * The workspace's busy time overlapping the range, as instants: what the double-booking check
 * (the shared `markDoubleBookings`) and slot suggestions see of subscribed calendars.
 */
export async function busyBookingsIn(
  db: Kysely<Database>,
  workspaceId: string,
  zone: string,
  range: Range,
): Promise<BusyTime[]> {
  return (await busyIntervals(db, workspaceId, zone, range)).map((b) => ({
    id: b.id,
    ...toInstants(b, zone),
    memberId: b.memberId,
  }));
}
