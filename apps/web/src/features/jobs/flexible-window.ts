import { type FlexibleWindow, formatWallTime, instantToWall, parseInstant, wallToInstant } from '@fieldplan/shared';
import { clockIn } from '../../lib/clock';
import { t } from '../../lib/i18n';

/**
 * The form's flexible time: a switch and two local clock times (`HH:mm`). "From" lies on the
 * visit's start day, "until" on its end day — so a typo never turns into a silent overnight window.
 */
export interface FlexibleForm {
  enabled: boolean;
  start: string;
  end: string;
}

export const noFlexibleWindow: FlexibleForm = { enabled: false, start: '', end: '' };

/** What the form's time looks like: local `YYYY-MM-DDTHH:mm` values, a recurrence kind. */
interface Visit {
  allDay: boolean;
  start: string;
  end: string;
  recurrence: { freq: string; custom: string | null };
}

/** Why a job can't have a flexible time (shown as the control's hint), or null when it can. */
export function flexibleUnavailable(visit: Visit): string | null {
  if (visit.allDay) return t({ id: 'jobs.flexible.allDayOff' });
  if (visit.recurrence.freq !== 'none' || visit.recurrence.custom) return t({ id: 'jobs.flexible.recurringOff' });
  if (visit.start === '' || visit.end === '') return t({ id: 'jobs.flexible.noTimeOff' });
  return null;
}

const clockOf = (local: string) => local.slice(11, 16);
const minutesOf = (clock: string) => {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return h * 60 + m;
};

/**
 * The window a newly flexible visit gets: the workspace's working hours on the visit's day,
 * widened to include the visit (a visit past midnight keeps its own end).
 */
export function defaultFlexibleTimes(visit: Visit, hours: { start: string; end: string }): FlexibleForm {
  const from = clockOf(visit.start);
  const until = clockOf(visit.end);
  const start = minutesOf(from) < minutesOf(hours.start) ? from : hours.start;
  const overnight = visit.end.slice(0, 10) !== visit.start.slice(0, 10);
  const end = overnight || minutesOf(until) > minutesOf(hours.end) ? until : hours.end;
  return { enabled: true, start, end };
}

function instantAt(date: string, clock: string, zone: string): string | null {
  const wall = Date.parse(`${date}T${clock}:00Z`);
  if (Number.isNaN(wall)) return null;
  return new Date(wallToInstant(zone, wall)).toISOString();
}

/**
 * The API's window for the form's values: null when the switch is off or the job can't be
 * flexible. A time that doesn't parse goes as typed, so the shared rules name it.
 */
export function flexibleWindowOf(visit: Visit & { flexibleWindow: FlexibleForm }, zone: string): FlexibleWindow | null {
  const flex = visit.flexibleWindow;
  if (!flex.enabled || flexibleUnavailable(visit) !== null) return null;
  return {
    start: instantAt(visit.start.slice(0, 10), flex.start, zone) ?? flex.start,
    end: instantAt(visit.end.slice(0, 10), flex.end, zone) ?? flex.end,
  };
}

/** A job's window as the form shows it: its clock times in the workspace zone. */
export function flexibleFormOf(window: FlexibleWindow | null, zone: string): FlexibleForm {
  if (!window) return noFlexibleWindow;
  const clock = (iso: string) => {
    const at = parseInstant(iso);
    return at === null ? '' : new Date(instantToWall(zone, at)).toISOString().slice(11, 16);
  };
  return { enabled: true, start: clock(window.start), end: clock(window.end) };
}

/** "08:00–12:00" in the workspace zone (the detail panel's line); "22:00–02:00 next day" overnight. */
export function formatFlexibleWindow(window: FlexibleWindow, zone: string): string {
  const form = flexibleFormOf(window, zone);
  const start = formatWallTime(form.start, clockIn(zone));
  const end = formatWallTime(form.end, clockIn(zone));
  const day = (iso: string) => {
    const at = parseInstant(iso);
    return at === null ? '' : new Date(instantToWall(zone, at)).toISOString().slice(0, 10);
  };
  if (day(window.end) > day(window.start)) return t({ id: 'jobs.flexible.windowNextDay' }, { start, end });
  return `${start}–${end}`;
}
