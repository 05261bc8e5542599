import { formatMinutes } from '@fieldplan/shared';
import { currentLocale } from '../../lib/i18n';

/**
 * The job form's duration beside its end: both are local wall times (`YYYY-MM-DDTHH:mm`), so a
 * duration is plain wall-clock minutes. Editing the duration moves the end; editing the end
 * changes the duration shown; moving the start keeps the duration (the end moves with it).
 */

const minute = 60_000;

function wallMs(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const ms = Date.parse(`${value.slice(0, 16)}:00Z`);
  return Number.isNaN(ms) ? null : ms;
}

const wallValue = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** Whether `value` is a whole local date and time (a start the length can be kept from). */
export const isWallTime = (value: string): boolean => wallMs(value) !== null;

/** Minutes from start to end, or null when either is missing or the end isn't after the start. */
export function durationMinutes(start: string, end: string): number | null {
  const from = wallMs(start);
  const to = wallMs(end);
  if (from === null || to === null || to <= from) return null;
  return Math.round((to - from) / minute);
}

/** The end `minutes` after `start`, or null when the start or the minutes can't be read. */
export function endAfter(start: string, minutes: number): string | null {
  const from = wallMs(start);
  if (from === null || !Number.isFinite(minutes) || minutes <= 0) return null;
  return wallValue(from + Math.round(minutes) * minute);
}

/**
 * The end after the start moved from `before` to `after`, keeping the job's length; null when
 * there was no length to keep (then the end stays as it is).
 */
export function endAfterMove(before: string, after: string, end: string): string | null {
  const minutes = durationMinutes(before, end);
  return minutes === null ? null : endAfter(after, minutes);
}

/** "1 h 30 min", "45 min", "2 h" ("1 Std. 30 Min."): the duration in words, for the field's hint. */
export function durationText(minutes: number): string {
  return formatMinutes(minutes, currentLocale());
}
