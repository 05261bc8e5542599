import {
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  formatDistance as formatDistanceIn,
  formatDuration as formatDurationIn,
  formatNumber,
  formatRelativeTime,
  weekdayName,
} from '@fieldplan/shared';
import { browserZone, clockIn } from './clock';
import { currentLocale, t } from './i18n/current';

/** An ISO instant as a date and time on this device's clock, in the workspace's formats ("29 Nov 2026, 14:05"). */
export function formatDateTime(iso: string): string {
  return formatDateTimeIn(iso, clockIn(browserZone()));
}

/** An ISO instant as a date on this device's clock, in the workspace's format ("29 Nov 2026"). */
export function formatDate(iso: string): string {
  return formatDateIn(iso, clockIn(browserZone()));
}

/** "in 6 days", "in 3 hours", "expired" (in the page's language) — for invitation expiry. */
export function formatRelative(iso: string, now = Date.now()): string {
  const ms = new Date(iso).getTime() - now;
  if (ms <= 0) return t({ id: 'format.expired' });
  const language = currentLocale();
  const hours = ms / 3_600_000;
  if (hours < 1) return formatRelativeTime(Math.ceil(ms / 60_000), 'minute', language);
  if (hours < 48) return formatRelativeTime(Math.round(hours), 'hour', language);
  return formatRelativeTime(Math.round(hours / 24), 'day', language);
}

/** A weekday's short name in the page's language, 0 = Sunday ("Mon", "Mo."). */
export function shortWeekday(day: number): string {
  return weekdayName(day, currentLocale());
}

/** A weekday's full name in the page's language, 0 = Sunday ("Monday", "Montag"). */
export function longWeekday(day: number): string {
  return weekdayName(day, currentLocale(), 'long');
}

/** A distance in the page's language: "850 m", "12.4 km" ("12,4 km"). */
export const formatDistance = (metres: number): string => formatDistanceIn(metres, currentLocale());

/** A drive time in the page's language: "4 min", "1 h 05 min" ("1 Std. 5 Min."). */
export const formatDuration = (seconds: number): string => formatDurationIn(seconds, currentLocale());

/** A count in the page's language, grouped as the language groups thousands: "12,000", "12.000". */
export const formatCount = (value: number): string => formatNumber(value, currentLocale(), { useGrouping: true });
