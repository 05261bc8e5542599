/** Date and instant helpers shared by recurrence and job validation. All values are epoch ms. */
export const minuteMs = 60_000;
export const hourMs = 3_600_000;
export const dayMs = 86_400_000;

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO 8601 date-time with seconds optional, fraction optional, and a required Z or ±hh:mm offset.
const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * A calendar date `YYYY-MM-DD` as the epoch ms of its midnight in UTC (how all-day dates are
 * stored: dates, not instants); null when it is not a real date.
 */
export function parseDateOnly(value: string): number | null {
  const m = dateOnly.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (y < 1970 || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms;
}

/** `YYYY-MM-DD` of a date stored as UTC midnight (or the UTC date of any ms). */
export function formatDateOnly(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** An ISO 8601 instant with an offset (`2026-03-29T07:00:00Z`) as epoch ms; null otherwise. */
export function parseInstant(value: string): number | null {
  if (!instant.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export const isoInstant = (ms: number): string => new Date(ms).toISOString();

/** iCalendar basic format of a wall time held as UTC fields: `20260329T090000`. */
export function icalDateTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace(/[-:]/g, '');
}

/** iCalendar basic date: `20260329`. */
export const icalDate = (ms: number): string => formatDateOnly(ms).replace(/-/g, '');

/** Whole days between two dates stored as UTC midnights. */
export const daysBetween = (from: number, to: number): number => Math.round((to - from) / dayMs);
