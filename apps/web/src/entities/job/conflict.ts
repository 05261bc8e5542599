import { dayMs, formatVisitTime, isProblem, type Job, parseJobTime, scheduleJobOf, visitsOf } from '@fieldplan/shared';

/** What the conflict dialog compares: the parts of a job a drag or an edit changes. */
export interface JobSnapshot {
  title: string;
  start: string | null;
  end: string | null;
  allDay: boolean;
  assigneeIds: string[];
}

/** A 412's body as we use it: the version the server has now and the job as it is. */
export interface Conflict {
  currentVersion: number;
  current: Job;
}

function isJob(value: unknown): value is Job {
  return typeof value === 'object' && value !== null && 'id' in value && 'version' in value && 'title' in value;
}

/** The conflict in an error, when it is a 412 version_conflict carrying the current job. */
export function conflictOf(error: unknown): Conflict | null {
  if (!isProblem(error) || error.code !== 'version_conflict' || !isJob(error.current)) return null;
  return { currentVersion: error.currentVersion ?? error.current.version, current: error.current };
}

/**
 * Their side of the comparison: the job now, or — for an occurrence — that occurrence now
 * (moved, re-assigned, or gone: null when it no longer exists).
 */
export function theirSnapshot(job: Job, occurrenceKey: string | null, ctx: { zone: string }): JobSnapshot | null {
  if (!occurrenceKey || !job.rrule) {
    return { title: job.title, start: job.start, end: job.end, allDay: job.allDay, assigneeIds: job.assigneeIds };
  }
  const key = parseJobTime(occurrenceKey, job.allDay);
  const series = scheduleJobOf(job);
  if (key === null || series === null) return null;
  const around = visitsOf(series, ctx.zone, { start: key - 40 * dayMs, end: key + 40 * dayMs });
  const occurrence = around.find((v) => v.occurrenceKey === key);
  if (!occurrence) return null;
  return {
    title: job.title,
    start: formatVisitTime(occurrence.start, job.allDay),
    end: formatVisitTime(occurrence.end, job.allDay),
    allDay: job.allDay,
    assigneeIds: [...occurrence.assigneeIds],
  };
}
