import { type JobStatus, jobStatusLabel } from '@fieldplan/shared';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { ...options, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

const clock = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const day = { weekday: 'short', day: 'numeric', month: 'short' } as const;

interface Timed {
  start: string;
  end: string;
  allDay: boolean;
}

/** "09:15–10:30" in the workspace zone, "All day", or "Not scheduled" (no times yet). */
export function timeWindow(job: Timed, zone: string): string {
  if (!job.start || !job.end) return 'Not scheduled';
  if (job.allDay) return 'All day';
  const f = formatter(zone, clock);
  return `${f.format(new Date(job.start))}–${f.format(new Date(job.end))}`;
}

/** "Mon 23 Nov, 09:15–10:30" in the workspace zone ("Mon 23 Nov, all day"). */
export function dayAndTime(job: Timed, zone: string): string {
  if (!job.start || !job.end) return 'Not scheduled';
  // All-day dates are calendar dates: format them in UTC so they don't shift.
  const date = formatter(job.allDay ? 'UTC' : zone, day).format(new Date(job.start));
  return `${date}, ${job.allDay ? 'all day' : timeWindow(job, zone)}`;
}

export function statusText(status: JobStatus): string {
  const label = jobStatusLabel[status];
  return label.charAt(0).toUpperCase() + label.slice(1);
}
