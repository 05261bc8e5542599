import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../http/workspace-access.js';
import { assertVisitWriter, findJobRow, occurrenceOfKey, resolveVisit, type Visit } from '../jobs/index.js';
import type { VisitRef } from './presenter.js';
import type { VisitKey } from './queries.js';

/** A visit a request addresses, with what the record's presenters and queries need of it. */
export interface OpenVisit extends Visit {
  workspaceId: string;
  title: string;
  key: VisitKey;
  ref: VisitRef;
}

/** The visit of `jobId` (and `occurrence`) in the actor's workspace: 404 / 400 as resolveVisit answers. */
export async function openVisit(
  db: Kysely<Database>,
  actor: Actor,
  jobId: string,
  occurrence: string | undefined,
): Promise<OpenVisit> {
  const visit = await resolveVisit(db, actor.workspaceId, jobId, occurrence);
  const job = await findJobRow(db, actor.workspaceId, jobId);
  const workspaceId = actor.workspaceId;
  return {
    ...visit,
    workspaceId,
    title: job?.title ?? '',
    key: { workspaceId, jobId, occurrenceKey: visit.occurrenceKey },
    ref: { workspaceId, jobId, occurrence: visit.occurrence },
  };
}

/** As openVisit, then 403 unless the actor may write this visit's record. */
export async function openVisitToWrite(
  db: Kysely<Database>,
  actor: Actor,
  jobId: string,
  occurrence: string | undefined,
  action: string,
): Promise<OpenVisit> {
  const visit = await openVisit(db, actor, jobId, occurrence);
  assertVisitWriter(actor, visit, action);
  return visit;
}

/** How a stored row's visit shows in JSON (undefined when its job is gone). */
export async function visitRefOf(
  db: Kysely<Database>,
  workspaceId: string,
  jobId: string,
  occurrenceKey: number,
): Promise<VisitRef | undefined> {
  const job = await findJobRow(db, workspaceId, jobId);
  if (!job) return undefined;
  return { workspaceId, jobId, occurrence: occurrenceOfKey(Number(occurrenceKey), Number(job.all_day) === 1) };
}
