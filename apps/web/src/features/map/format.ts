import { formatDay, formatTimeRange } from '@fieldplan/shared';
import { clockIn } from '../../lib/clock';
import { t } from '../../lib/i18n';

interface Timed {
  start: string;
  end: string;
  allDay: boolean;
}

/** "09:15–10:30" in the workspace zone, "All day", or "Not scheduled" (no times yet). */
export function timeWindow(job: Timed, zone: string): string {
  if (!job.start || !job.end) return notScheduled();
  if (job.allDay) return t({ id: 'map.time.allDay' });
  return formatTimeRange(job.start, job.end, clockIn(zone));
}

/** "Mon 23 Nov, 09:15–10:30" in the workspace zone ("Mon 23 Nov, all day"). */
export function dayAndTime(job: Timed, zone: string): string {
  if (!job.start || !job.end) return notScheduled();
  // All-day dates are calendar dates: format them in UTC so they don't shift.
  const date = formatDay(job.start, clockIn(job.allDay ? 'UTC' : zone));
  return job.allDay
    ? t({ id: 'map.time.dayAllDay' }, { date })
    : t({ id: 'map.time.dayAndTime' }, { date, time: timeWindow(job, zone) });
}

const notScheduled = () => t({ id: 'map.time.notScheduled' });
