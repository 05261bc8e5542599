import type { JobStatus } from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import { lockChangeLog } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { recordWrite, type VersionedEntity, versionedUpdate } from '../../db/versioned.js';
import { notFound } from '../../errors/app-error.js';
import { versionConflict } from '../../errors/version-conflict.js';
import type { Actor } from '../../http/workspace-access.js';
import { numberOrNull } from '../../lib/numbers.js';
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
    start: numberOrNull(e.start_at),
    end: numberOrNull(e.end_at),
    assigneeIds: parseAssigneeIds(e.assignee_ids),
    status: e.status as JobStatus | null,
  };
}

/** A job as it was before and after one write (null: not there, or deleted), in the writing transaction. */
export interface JobSaved {
  workspaceId: string;
  before: LoadedJob | null;
  after: LoadedJob | null;
  /** The workspace's time zone. */
  zone: string;
}

/** Told of every job write inside its transaction (customer notifications hook in here; app.ts registers). */
export type JobSaveObserver = (trx: Transaction<Database>, saved: JobSaved) => Promise<void>;

// A set of functions, not of apps: two apps in one process register the same observer once.
const observers = new Set<JobSaveObserver>();

/** Registers an observer of every job write; jobs stay unaware of who listens (docs/adr/0029-notification-outbox.md). */
export function observeJobSaves(observer: JobSaveObserver): void {
  observers.add(observer);
}

async function tellObservers(trx: Transaction<Database>, saved: JobSaved): Promise<void> {
  for (const observer of observers) await observer(trx, saved);
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
  /** The online booking request the job belongs to, and its status (docs/adr/0030); absent: unchanged. */
  booking?: { id: string; status: string } | null;
}

/**
 * Writes a job (insert, or update guarded by its version) with its technicians, exceptions and
 * range span, and appends to the change log — in the caller's transaction. Returns the job as stored.
 */
export async function saveJob(trx: Transaction<Database>, actor: Actor, zone: string, save: SaveJob) {
  const { id, draft } = save;
  const now = Date.now();
  // The workspace's change-log row before the job's row, in every job write: deciding a booking request
  // (and a booking, a hold running out) takes the change log first and then saves the job, so a write
  // that updated the job first and reached the change log at its end would deadlock against it on
  // PostgreSQL (docs/adr/0030-online-booking.md, "Lock order"). With one order the second waits, then
  // builds on the first's job or finds its version stale (412). Writers of one workspace meet at this
  // row anyway; this only moves the wait to the start. Taking it again in the same transaction is free.
  await lockChangeLog(trx, actor.workspaceId);
  const before = observers.size > 0 && save.expected !== null ? await loadJob(trx, actor.workspaceId, id) : null;
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
    ...(save.booking !== undefined && {
      booking_request_id: save.booking?.id ?? null,
      booking_status: save.booking?.status ?? null,
    }),
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
  await tellObservers(trx, { workspaceId: actor.workspaceId, before: before ?? null, after: saved, zone });
  return saved;
}

/** Soft delete, guarded by the version the client saw. */
export async function softDeleteJob(trx: Transaction<Database>, actor: Actor, id: string, expected: number) {
  const now = Date.now();
  await lockChangeLog(trx, actor.workspaceId); // First, as in saveJob: one lock order.
  const before = observers.size > 0 ? await loadJob(trx, actor.workspaceId, id) : undefined;
  await versionedUpdate(
    trx,
    jobEntity,
    actor,
    { id, version: expected },
    { deleted_at: now, updated_at: now },
    'deleted',
  );
  if (before) await tellObservers(trx, { workspaceId: actor.workspaceId, before, after: null, zone: 'UTC' });
}

/** 412 unless the job is at the version the client edited. */
export function checkJobVersion(job: LoadedJob, expected: number): void {
  const current = Number(job.row.version);
  if (current !== expected) throw versionConflict('job', current, presentJob(job));
}
