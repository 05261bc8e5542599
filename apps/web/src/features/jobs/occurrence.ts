import { dayMs, type Job, type JobStatus, parseDateOnly, parseInstant } from '@fieldplan/shared';
import { type EventContext, jobEvents } from '../../entities/job/job-events';

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
export function visitOf(job: Job, key: string | null, ctx: EventContext): Visit {
  const series: Visit = {
    start: job.start,
    end: job.end,
    assigneeIds: job.assigneeIds,
    status: job.status,
    occurrenceKey: null,
    found: true,
  };
  if (!key || !job.rrule) return series;
  const at = job.allDay ? parseDateOnly(key) : parseInstant(key);
  if (at === null) return { ...series, found: false };
  const event = jobEvents(job, ctx, { start: at - 40 * dayMs, end: at + 40 * dayMs }).find(
    (e) => e.extendedProps.occurrenceKey === key,
  );
  if (!event) return { ...series, found: false };
  return {
    start: event.start,
    end: event.end,
    assigneeIds: event.extendedProps.assigneeIds,
    status: event.extendedProps.status,
    occurrenceKey: key,
    found: true,
  };
}
