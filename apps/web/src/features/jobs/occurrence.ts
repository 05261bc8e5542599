import {
  dayMs,
  formatVisitTime,
  type Job,
  type JobStatus,
  parseJobTime,
  scheduleJobOf,
  visitsOf,
} from '@fieldplan/shared';

/** One visit of a job as the detail shows it: its own time, technicians and status. */
export interface Visit {
  start: string | null;
  end: string | null;
  assigneeIds: string[];
  status: JobStatus;
  /** The occurrence's original start (null for a one-off job or the series as a whole). */
  occurrenceKey: string | null;
  /** False when the occurrence asked for doesn't exist (deleted, or the series changed). */
  found: boolean;
}

/** The job, or the occurrence `key` of a recurring job, with exceptions applied. */
export function visitOf(job: Job, key: string | null, ctx: { zone: string }): Visit {
  const series: Visit = {
    start: job.start,
    end: job.end,
    assigneeIds: job.assigneeIds,
    status: job.status,
    occurrenceKey: null,
    found: true,
  };
  if (!key || !job.rrule) return series;
  const at = parseJobTime(key, job.allDay);
  const scheduled = scheduleJobOf(job);
  if (at === null || scheduled === null) return { ...series, found: false };
  const visit = visitsOf(scheduled, ctx.zone, { start: at - 40 * dayMs, end: at + 40 * dayMs }).find(
    (v) => v.occurrenceKey === at,
  );
  if (!visit) return { ...series, found: false };
  return {
    start: formatVisitTime(visit.start, job.allDay),
    end: formatVisitTime(visit.end, job.allDay),
    assigneeIds: [...visit.assigneeIds],
    status: visit.status,
    occurrenceKey: key,
    found: true,
  };
}
