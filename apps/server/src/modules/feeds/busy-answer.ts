import type { BusyQuery } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FeedCache, FeedEntry } from '../../http/answer-cache.js';
import { rangeOf } from '../../http/range-query.js';
import { workspaceState } from '../workspaces/index.js';

import { busyRead, presentBusy } from './busy.js';

/** A serialised busy-time answer and the feeds it had to leave out (comma-separated ids). */
export interface BusyAnswer extends FeedEntry {
  refused: string;
}

/**
 * Busy time of a range as serialised JSON, from the cache while the workspace has not changed: a
 * feed's refresh, edit or removal appends to the change log and moves `seq`, and with the same
 * feeds a read gives the same answer (refusals included — budgets and the per-version deadline
 * refusal are deterministic). A week of a dense feed is thousands of intervals; serialising and
 * compressing them once is most of a warm read's cost.
 */
export async function busyAnswer(
  db: Kysely<Database>,
  cache: FeedCache,
  workspaceId: string,
  query: BusyQuery,
): Promise<BusyAnswer> {
  const { zone, seq } = await workspaceState(db, workspaceId);
  const range = rangeOf(query, zone);
  const key = `busy|${workspaceId}|${seq}|${zone}|${range.start}|${range.end}`;
  const entry = await cache.get(key, async (): Promise<BusyAnswer> => {
    const { intervals, refused } = await busyRead(db, workspaceId, zone, range);
    return {
      body: Buffer.from(JSON.stringify(presentBusy(intervals))),
      etag: `W/"busy-${seq}"`,
      refused: refused.map((r) => r.feedId).join(', '),
    };
  });
  return entry as BusyAnswer;
}
