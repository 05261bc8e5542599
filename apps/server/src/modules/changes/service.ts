import { type ChangesPage, realtimeLimits } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { lastChangeSeq } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../http/workspace-access.js';
import { presentChanges } from '../../realtime/live-entity.js';
import { liveEntities } from '../live-entities.js';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * What a client that has applied every change up to `after` missed, in order, presented for the
 * caller. More than `catchUpMaxChanges`, a first missed change older than `catchUpMaxDays`, or an
 * `after` beyond the log (a client of a restored database) answer `resync`: reload everything.
 */
export async function changesAfter(
  db: Kysely<Database>,
  actor: Actor,
  after: number | undefined,
  now = Date.now(),
): Promise<ChangesPage> {
  const latestSeq = await lastChangeSeq(db, actor.workspaceId);
  // No `after`: a client starting out learns where the log is (its baseline).
  if (after === undefined) return { changes: [], latestSeq };
  const resync = { resync: true as const, latestSeq };
  if (after > latestSeq || latestSeq - after > realtimeLimits.catchUpMaxChanges) return resync;
  if (after === latestSeq) return { changes: [], latestSeq };
  const rows = await db
    .selectFrom('changes')
    .selectAll()
    .where('workspace_id', '=', actor.workspaceId)
    .where('seq', '>', after)
    .where('seq', '<=', latestSeq)
    .orderBy('seq')
    .execute();
  const first = rows[0];
  // A hole at the start means the log no longer holds what was missed.
  if (!first || Number(first.seq) !== after + 1) return resync;
  if (Number(first.at) < now - realtimeLimits.catchUpMaxDays * dayMs) return resync;
  return {
    changes: await presentChanges(liveEntities, db, actor.workspaceId, rows, { kind: 'actor', actor }),
    latestSeq,
  };
}
