import { formatDate as formatDateIn, formatDateTime as formatDateTimeIn } from '@fieldplan/shared';
import { browserZone, clockIn } from './clock';

/** An ISO instant as a date and time on this device's clock, in the workspace's formats ("29 Nov 2026, 14:05"). */
export function formatDateTime(iso: string): string {
  return formatDateTimeIn(iso, clockIn(browserZone()));
}

/** An ISO instant as a date on this device's clock, in the workspace's format ("29 Nov 2026"). */
export function formatDate(iso: string): string {
  return formatDateIn(iso, clockIn(browserZone()));
}

/** "in 6 days", "in 3 hours", "expired" — for invitation expiry. */
export function formatRelative(iso: string, now = Date.now()): string {
  const ms = new Date(iso).getTime() - now;
  if (ms <= 0) return 'expired';
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const hours = ms / 3_600_000;
  if (hours < 1) return rtf.format(Math.ceil(ms / 60_000), 'minute');
  if (hours < 48) return rtf.format(Math.round(hours), 'hour');
  return rtf.format(Math.round(hours / 24), 'day');
}

export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Short weekday names in the user's locale, index 0 = Sunday. */
export function shortWeekday(day: number): string {
  // 2023-01-01 was a Sunday.
  return new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
}
