import { parseDateOnly, parseInstant } from '../recurrence/dates.js';
import type { Job } from '../schemas/jobs.js';
import type { ScheduleJob, VisitException } from './visit.js';

/** Parses a job's start, end or occurrence key the way its all-day flag says (null when unparseable). */
export const parseJobTime = (value: string, allDay: boolean): number | null =>
  allDay ? parseDateOnly(value) : parseInstant(value);

/**
 * The schedule model's reading of a job as the API sends it: null while it has no time (an
 * unscheduled job has no visits). Exceptions whose key doesn't parse are left out.
 */
export function scheduleJobOf(job: Job): ScheduleJob | null {
  if (job.start === null || job.end === null) return null;
  const { allDay } = job;
  const start = parseJobTime(job.start, allDay);
  const end = parseJobTime(job.end, allDay);
  if (start === null || end === null) return null;
  const exceptions: VisitException[] = [];
  for (const e of job.exceptions) {
    const key = parseJobTime(e.occurrence, allDay);
    if (key === null) continue;
    exceptions.push({
      key,
      kind: e.kind,
      start: e.start === null ? null : parseJobTime(e.start, allDay),
      end: e.end === null ? null : parseJobTime(e.end, allDay),
      assigneeIds: e.assigneeIds,
      status: e.status,
    });
  }
  const window = job.flexibleWindow;
  const from = window ? parseInstant(window.start) : null;
  const until = window ? parseInstant(window.end) : null;
  return {
    id: job.id,
    title: job.title,
    status: job.status,
    start,
    end,
    allDay,
    rrule: job.rrule || null,
    assigneeIds: job.assigneeIds,
    flexibleWindow: from === null || until === null ? null : { start: from, end: until },
    exceptions,
    priority: job.priority,
    version: job.version,
    customerId: job.customerId,
    customerName: job.customerName,
    address: job.address,
    lat: job.lat,
    lng: job.lng,
  };
}
