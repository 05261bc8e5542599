import type { JobStatus, VisitStatusTimes } from '@fieldplan/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../http/workspace-access.js';
import { iso } from '../../lib/ids.js';
import { findJobRow } from '../jobs/index.js';
import type { VisitKey } from './queries.js';

/** The statuses whose time the record shows: times on site for the visit report. */
const timed = ['en_route', 'in_progress', 'completed'] as const satisfies readonly JobStatus[];
type Timed = (typeof timed)[number];
const isTimed = (status: JobStatus): status is Timed => (timed as readonly string[]).includes(status);

/**
 * Notes when a visit entered en route, in progress or completed (the latest time for each), inside
 * the status change's transaction. A whole series' change names no visit and is not noted.
 */
export async function noteStatusTime(
  trx: Transaction<Database>,
  actor: Actor,
  change: { workspaceId: string; jobId: string; occurrenceKey: number | null; status: JobStatus },
): Promise<void> {
  if (!isTimed(change.status)) return;
  if (change.occurrenceKey === null) {
    const job = await findJobRow(trx, change.workspaceId, change.jobId);
    if (!job || job.rrule) return;
  }
  const at = Date.now();
  await trx
    .insertInto('visit_status_times')
    .values({
      workspace_id: change.workspaceId,
      job_id: change.jobId,
      occurrence_key: change.occurrenceKey ?? 0,
      status: change.status,
      at,
      member_id: actor.memberId,
    })
    .onConflict((oc) =>
      oc.columns(['job_id', 'occurrence_key', 'status']).doUpdateSet({ at, member_id: actor.memberId }),
    )
    .execute();
}

/** When the visit last went en route, in progress and completed (null: not yet, or before times were kept). */
export async function statusTimesOf(db: Kysely<Database>, key: VisitKey): Promise<VisitStatusTimes> {
  const rows = await db
    .selectFrom('visit_status_times')
    .select(['status', 'at'])
    .where('workspace_id', '=', key.workspaceId)
    .where('job_id', '=', key.jobId)
    .where('occurrence_key', '=', key.occurrenceKey)
    .execute();
  const at = new Map(rows.map((r) => [r.status, iso(Number(r.at))]));
  return {
    en_route: at.get('en_route') ?? null,
    in_progress: at.get('in_progress') ?? null,
    completed: at.get('completed') ?? null,
  };
}
