import { formatDay, formatTimeRange, type JobStatus, jobStatusLabel } from '@fieldplan/shared';
import { clockIn } from '../../lib/clock';

interface Timed {
  start: string;
  end: string;
  allDay: boolean;
}

/** "09:15–10:30" in the workspace zone, "All day", or "Not scheduled" (no times yet). */
export function timeWindow(job: Timed, zone: string): string {
  if (!job.start || !job.end) return 'Not scheduled';
  if (job.allDay) return 'All day';
  return formatTimeRange(job.start, job.end, clockIn(zone));
}

/** "Mon 23 Nov, 09:15–10:30" in the workspace zone ("Mon 23 Nov, all day"). */
export function dayAndTime(job: Timed, zone: string): string {
  if (!job.start || !job.end) return 'Not scheduled';
  // All-day dates are calendar dates: format them in UTC so they don't shift.
  const date = formatDay(job.start, clockIn(job.allDay ? 'UTC' : zone));
  return `${date}, ${job.allDay ? 'all day' : timeWindow(job, zone)}`;
}

export function statusText(status: JobStatus): string {
  const label = jobStatusLabel[status];
  return label.charAt(0).toUpperCase() + label.slice(1);
}
