import { dayMs, formatDateOnly, parseDateOnly } from '@fieldplan/shared';

/** The date `days` after a `YYYY-MM-DD` date. */
export function shiftDay(date: string, days: number): string {
  return formatDateOnly((parseDateOnly(date) ?? 0) + days * dayMs);
}

/**
 * Where each line of the Overview leads: the board of today, filtered to what the line counts
 * (the board's own URL: view, date, status — see features/calendar/use-schedule-params.ts).
 * A technician's lines lead to their day instead.
 */
export function boardLink(slug: string, today: string, filter: { status?: string; view?: string } = {}): string {
  const params = new URLSearchParams();
  if (filter.view) params.set('view', filter.view);
  params.set('date', today);
  if (filter.status) params.set('status', filter.status);
  return `/w/${slug}/dispatch?${params}`;
}
