import { formatDay, formatTimeRange } from '@fieldplan/shared';
import { clockIn } from '../../../lib/clock';
import { t } from '../../../lib/i18n';

/** "Thu, 26 Nov, 12:15–13:15" in the workspace's zone and formats (the board's times). */
export function slotText(start: string, end: string, timeZone: string): string {
  const clock = clockIn(timeZone);
  return `${formatDay(start, clock)}, ${formatTimeRange(start, end, clock)}`;
}

/** "Held 23 h 10 min more", "Held 12 min more", "Expiring". */
export function holdText(expiresAt: string, now: number): string {
  const minutes = Math.floor((Date.parse(expiresAt) - now) / 60_000);
  if (minutes <= 0) return t({ id: 'booking.request.expiring' });
  return t({ id: 'booking.request.held' }, { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
