import type { Job, JobStatus, Problem } from '@fieldplan/shared';
import { api } from '../../base/api';
import type { OutboxFailure, OutboxItem, SendResult } from '../../base/outbox';
import type { AppDispatch } from '../../base/store-types';
import { jobMutations } from '../../entities/job/mutations';
import { visitKey } from '../../entities/record/types';
import { t } from '../../lib/i18n';
import { toProblem } from '../../lib/problem';
import { myDayTag } from './endpoints';
import { markSent } from './live';

/** A status change tapped on this phone, kept in the workspace's outbox until the server has it. */
export interface StatusChange {
  workspaceId: string;
  jobId: string;
  /** The visit's id in my day (job id, or `jobId:occurrenceKey`). */
  visitId: string;
  occurrence: string | null;
  status: JobStatus;
  /** The job's title when tapped: names a refusal whose visit has left the day shown. */
  title?: string;
}

export const statusKind = 'status';
export type StatusItem = OutboxItem<StatusChange>;

/** A waiting or refused status change as my day shows it. */
export interface QueuedChange extends StatusChange {
  id: string;
  failure?: OutboxFailure;
}

/**
 * What the outbox keeps of a change: one subject per job (its version is one for all its visits, so a
 * refusal holds back that job's later changes and a success moves the version they are based on).
 */
export function statusItem(change: StatusChange, version: number, id?: string) {
  return {
    ...(id === undefined ? {} : { id }),
    kind: statusKind,
    group: visitKey(change),
    subject: `status:${change.jobId}`,
    payload: change,
    baseVersion: version,
  };
}

/** The status changes among the outbox's items, in order. */
export function queuedChanges(items: readonly OutboxItem[]): QueuedChange[] {
  return items
    .filter((i): i is StatusItem => i.kind === statusKind)
    .map((i) => ({ ...i.payload, id: i.id, ...(i.failure ? { failure: i.failure } : {}) }));
}

/** The status a visit shows: its last change still waiting, else null (the server's). */
export function pendingStatus(changes: readonly QueuedChange[], visitId: string): JobStatus | null {
  const waiting = changes.filter((c) => c.visitId === visitId && !c.failure);
  return waiting.at(-1)?.status ?? null;
}

/** Versions this page saw a status change replace (job id → old → new). */
const replaced = new Map<string, Map<number, number>>();

/** The version to base a tap on: the screen may still show one a change sent a moment ago replaced. */
export function latestVersion(jobId: string, version: number): number {
  const seen = replaced.get(jobId);
  let latest = version;
  for (let next = seen?.get(latest); next !== undefined; next = seen?.get(latest)) latest = next;
  return latest;
}

function noteReplaced(jobId: string, from: number, to: number): void {
  const seen = replaced.get(jobId) ?? new Map<number, number>();
  seen.set(from, to);
  replaced.set(jobId, seen);
}

/** What the technician reads when the server refused a queued change. */
export function refusalMessage(problem: Problem): string {
  switch (problem.code) {
    case 'version_conflict':
      return t({ id: 'myDay.refused.conflict' });
    case 'not_found':
      return t({ id: 'myDay.refused.notFound' });
    case 'forbidden':
      return t({ id: 'myDay.refused.forbidden' });
    default:
      return t({ id: 'myDay.refused.other' }, { detail: problem.detail });
  }
}

/** The visit's status in a job as the server presented it (a 412's `current`), or null. */
function visitStatusIn(current: unknown, occurrence: string | null): JobStatus | null {
  if (typeof current !== 'object' || current === null) return null;
  const job = current as Partial<Pick<Job, 'status' | 'exceptions'>>;
  if (occurrence === null) return job.status ?? null;
  const at = Date.parse(occurrence);
  const own = job.exceptions?.find((e) => e.occurrence === occurrence || Date.parse(e.occurrence) === at);
  return own?.status ?? null;
}

/**
 * A change the server already made, sent again because its answer was lost: the server refuses the
 * replay (If-Match is stale, so nothing happens twice), and its 412 shows the job exactly one version
 * on with the visit at the status sent — then the change counts as sent, at that version.
 */
function appliedVersion(problem: Problem, change: StatusChange, basedOn: number): number | null {
  if (problem.code !== 'version_conflict' || problem.currentVersion !== basedOn + 1) return null;
  return visitStatusIn(problem.current, change.occurrence) === change.status ? problem.currentVersion : null;
}

/** Sends one status change with If-Match of the version the outbox keeps for it. */
export function statusSender(dispatch: AppDispatch) {
  return async (item: StatusItem): Promise<SendResult> => {
    if (typeof navigator !== 'undefined' && !navigator.onLine) return { kind: 'offline' };
    const change = item.payload;
    const version = item.baseVersion ?? 0;
    const sent = (next: number): SendResult => {
      noteReplaced(change.jobId, version, next);
      // Every cached day shows the new status and version at once.
      dispatch(markSent(change, next));
      return { kind: 'sent', version: next };
    };
    try {
      const job = await dispatch(
        jobMutations.endpoints.changeJobStatus.initiate({
          workspaceId: change.workspaceId,
          id: change.jobId,
          version,
          occurrence: change.occurrence,
          status: change.status,
        }),
      ).unwrap();
      return sent(job.version);
    } catch (error) {
      const problem = toProblem(error);
      // No answer at all (status 0), too slow, too many, or a fault of the server (its database down, a
      // restart, a proxy with no upstream) — not a verdict on the change: keep it and try again later.
      if (problem.status === 0 || problem.status === 408 || problem.status === 429 || problem.status >= 500) {
        return { kind: 'offline' };
      }
      // Either way the day is read again: the server's order, and a visit that left the day.
      dispatch(api.util.invalidateTags([myDayTag]));
      const applied = appliedVersion(problem, change, version);
      if (applied !== null) return sent(applied);
      return { kind: 'refused', code: problem.code, message: refusalMessage(problem) };
    }
  };
}
