import { formatLongDay } from '@fieldplan/shared';
import { clockIn } from '../../lib/clock';
import { formatDistance, formatDuration } from '../../lib/format';

/** "12.4 km", "800 m", "0 m". */
export const formatKm = (km: number) => formatDistance(km * 1000);

/** "35 min", "1 h 05 min"; "0 min" for no driving at all. */
export const formatDrive = (minutes: number) => (minutes <= 0 ? '0 min' : formatDuration(minutes * 60));

/**
 * The change from today to the plan, in words a glance reads: "−11.6 km", "+4 min"; null when it
 * rounds to nothing. A true minus sign, so it isn't read as a hyphen.
 */
export function formatChange(before: number, after: number, format: (value: number) => string): string | null {
  const change = after - before;
  const text = format(Math.abs(change));
  if (Math.abs(change) < 0.05 || text === format(0)) return null;
  return `${change < 0 ? '−' : '+'}${text}`;
}

/** "Monday, 23 November 2026" for a local date (`2026-11-23`), in the workspace's date order. */
export const formatDay = (date: string) => formatLongDay(`${date}T00:00:00Z`, clockIn('UTC'));
