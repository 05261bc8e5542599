import type { JobStatus } from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordWrite, type VersionedEntity, versionedUpdate } from '../../db/versioned.js';
import { notFound } from '../../http/app-error.js';
import { versionConflict } from '../../http/versioning.js';
import type { Actor } from '../../http/workspace-access.js';
import { type JobDraft, spanOf } from './draft.js';
import { type ExceptionRow, type LoadedJob, parseAssigneeIds, presentJob } from './presenter.js';
import { loadJob, replaceAssignees, replaceExceptions } from './queries.js';

const jobEntity: VersionedEntity<'jobs', LoadedJob> = {
  table: 'jobs',
  what: 'job',
  label: 'Job',
  entity: 'job',
  find: loadJob,
  versionOf: (job) => Number(job.row.version),
  present: presentJob,
};

/** An exception as the service works on it (times in the series' units). */
export interface ExceptionDraft {
  key: number;
  kind: 'moved' | 'cancelled';
  start: number | null;
  end: number | null;
  assigneeIds: string[] | null;
  status: JobStatus | null;
}

/** An exception row in ms (the shared schedule model's `VisitException`), from any read that has its columns. */
export function exceptionDraftOf(
  e: Pick<ExceptionRow, 'occurrence_key' | 'kind' | 'start_at' | 'end_at' | 'assignee_ids' | 'status'>,
): ExceptionDraft {
  return {
    key: Number(e.occurrence_key),
    kind: e.kind,
    start: e.start_at === null ? null : Number(e.start_at),
    end: e.end_at === null ? null : Number(e.end_at),
    assigneeIds: parseAssigneeIds(e.assignee_ids),
    status: e.status as JobStatus | null,
  };
}

export interface SaveJob {
  id: string;
  draft: JobDraft;
  /** The version the client edited; null creates the job. */
  expected: number | null;
  /** The job's exceptions after the write. */
  exceptions: ExceptionDraft[];
  /** Rewrite the exception rows (false: they did not change). */
  exceptionsChanged: boolean;
  assigneesChanged: boolean;
}

/**
 * Writes a job (insert, or update guarded by its version) with its technicians, exceptions and
 * range span, and appends to the change log — in the caller's transaction. Returns the job as stored.
 */
export async function saveJob(trx: Transaction<Database>, actor: Actor, zone: string, save: SaveJob) {
  const { id, draft } = save;
  const now = Date.now();
  const moved = save.exceptions.filter((e) => e.kind === 'moved');
  const values = {
    customer_id: draft.customerId,
    title: draft.title,
    description: draft.description,
    address: draft.address,
    lat: draft.lat,
    lng: draft.lng,
    start_at: draft.start,
    end_at: draft.end,
    all_day: draft.allDay ? 1 : 0,
    status: draft.status,
    priority: draft.priority,
    rrule: draft.rrule,
    flex_start_at: draft.flexibleWindow?.start ?? null,
    flex_end_at: draft.flexibleWindow?.end ?? null,
    ...spanOf(draft, moved, zone),
    updated_at: now,
  };
  if (save.expected === null) {
    await trx
      .insertInto('jobs')
      .values({
        ...values,
        id,
        workspace_id: actor.workspaceId,
        version: 1,
        created_by: actor.userId,
        created_at: now,
        deleted_at: null,
      })
      .execute();
  } else {
    // Recorded below, once the technicians and exceptions are written too.
    await versionedUpdate(trx, jobEntity, actor, { id, version: save.expected }, values, null);
  }
  if (save.assigneesChanged || save.expected === null) {
    await replaceAssignees(trx, actor.workspaceId, id, draft.assigneeIds);
  }
  if (save.exceptionsChanged) {
    await replaceExceptions(
      trx,
      id,
      save.exceptions.map((e) => ({
        job_id: id,
        occurrence_key: e.key,
        workspace_id: actor.workspaceId,
        kind: e.kind,
        start_at: e.start,
        end_at: e.end,
        assignee_ids: e.assigneeIds === null ? null : JSON.stringify(e.assigneeIds),
        status: e.status,
        created_at: now,
      })),
    );
  }
  await recordWrite(trx, jobEntity, actor, id, save.expected === null ? 'created' : 'updated');
  const saved = await loadJob(trx, actor.workspaceId, id);
  if (!saved) throw notFound('Job');
  return saved;
}

/** Soft delete, guarded by the version the client saw. */
export async function softDeleteJob(trx: Transaction<Database>, actor: Actor, id: string, expected: number) {
  const now = Date.now();
  await versionedUpdate(
    trx,
    jobEntity,
    actor,
    { id, version: expected },
    { deleted_at: now, updated_at: now },
    'deleted',
  );
}

/** 412 unless the job is at the version the client edited. */
export function checkJobVersion(job: LoadedJob, expected: number): void {
  const current = Number(job.row.version);
  if (current !== expected) throw versionConflict('job', current, presentJob(job));
}
