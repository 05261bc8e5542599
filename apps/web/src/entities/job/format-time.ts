import { dayMs, parseDateOnly } from '@fieldplan/shared';

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { ...options, timeZone: zone });
    cache.set(key, f);
  }
  return f;
}

const dayOptions = { weekday: 'short', day: 'numeric', month: 'short' } as const;
const timeOptions = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/** A time of day in the workspace zone ("09:30"). */
export function formatClock(iso: string, zone: string): string {
  return formatter(zone, timeOptions).format(new Date(iso));
}

/**
 * A job's time in the workspace zone: "Mon 23 Nov, 09:00–10:30", "Mon 23 Nov (all day)",
 * "Mon 23 Nov – Wed 25 Nov (all day)"; "Not scheduled" without a time.
 */
export function formatJobTime(start: string | null, end: string | null, allDay: boolean, zone: string): string {
  if (start === null || end === null) return 'Not scheduled';
  if (allDay) {
    const s = parseDateOnly(start) ?? 0;
    const last = (parseDateOnly(end) ?? s + dayMs) - dayMs;
    const day = formatter('UTC', dayOptions);
    return last > s ? `${day.format(s)} – ${day.format(last)} (all day)` : `${day.format(s)} (all day)`;
  }
  const day = formatter(zone, dayOptions);
  const sameDay = day.format(new Date(start)) === day.format(new Date(end));
  const clock = formatter(zone, timeOptions);
  if (sameDay) return `${day.format(new Date(start))}, ${clock.format(new Date(start))}–${clock.format(new Date(end))}`;
  return `${day.format(new Date(start))}, ${clock.format(new Date(start))} – ${day.format(new Date(end))}, ${clock.format(new Date(end))}`;
}
