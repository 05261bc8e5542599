import { wallToInstant } from '@fieldplan/shared';

/** A calendar date as UTC fields: year, month (1–12), day. */
interface Day {
  y: number;
  m: number;
  d: number;
}

const minuteMs = 60_000;

function validDay(y: number, m: number, d: number): Day | null {
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d ? { y, m, d } : null;
}

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/**
 * A date as field-service exports write it (docs/PRODUCT.md, "Import"): ISO `2026-12-01`, German
 * `01.12.2026`, US `12/01/2026` (a slash is read month first, as US tools write it).
 */
export function parseDay(text: string): Day | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  if (dotted) return validDay(fullYear(dotted[3] as string), Number(dotted[2]), Number(dotted[1]));
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (us) return validDay(fullYear(us[3] as string), Number(us[1]), Number(us[2]));
  return null;
}

/** Minutes after midnight of `14:30`, `9:00 AM`, `14.30 Uhr`, `14:30:00`; null when not a time. */
export function parseClock(text: string): number | null {
  const t = /^(\d{1,2})[:.](\d{2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?\s*(uhr)?$/i.exec(text.trim());
  const bare = /^(\d{1,2})\s*(am|pm)$/i.exec(text.trim());
  const hour = Number(t?.[1] ?? bare?.[1] ?? Number.NaN);
  const minute = Number(t ? t[2] : 0);
  const half = (t?.[4] ?? bare?.[2] ?? '').toLowerCase().replace(/\./g, '');
  if (Number.isNaN(hour) || minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    return ((hour % 12) + (half === 'pm' ? 12 : 0)) * 60 + minute;
  }
  return hour > 23 ? null : hour * 60 + minute;
}

export type Moment = { kind: 'instant'; ms: number } | { kind: 'day'; day: Day } | { kind: 'time'; minutes: number };

/**
 * A start or end cell: an ISO date-time with an offset (an instant), a date and time in the
 * workspace's zone, a date alone, or a time alone; null when it is none of these.
 */
export function parseMoment(text: string, zone: string): Moment | null {
  const value = text.trim();
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : { kind: 'instant', ms };
  }
  const minutes = parseClock(value);
  if (minutes !== null) return { kind: 'time', minutes };
  const split = /^(\S+?)(?:[T ,]+(.+))?$/.exec(value);
  const day = split ? parseDay(split[1] as string) : null;
  if (!day) return null;
  if (!split?.[2]) return { kind: 'day', day };
  const clock = parseClock(split[2]);
  return clock === null ? null : { kind: 'instant', ms: atWall(zone, day, clock) };
}

/** The instant of a wall-clock time on a day in the zone. */
export const atWall = (zone: string, day: Day, minutes: number) =>
  wallToInstant(zone, Date.UTC(day.y, day.m - 1, day.d) + minutes * minuteMs);

/** The day of an instant in the zone (to put a time-only end on its start's day). */
export function dayOf(zone: string, ms: number): Day {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(ms))
    .split('-');
  return { y: Number(parts[0]), m: Number(parts[1]), d: Number(parts[2]) };
}
