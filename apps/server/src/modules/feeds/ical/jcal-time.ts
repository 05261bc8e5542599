import { wallToInstant } from '@fieldplan/shared';
import { ianaZoneOf } from './zones.js';

/** A property as ical.js keeps it before hydrating values: name, parameters, value type, values. */
export type JcalProperty = [name: string, params: Record<string, unknown>, type: string, ...values: unknown[]];

const jcalTime = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(Z?))?$/;

/**
 * A jCal DATE or DATE-TIME string in our units (dates: UTC midnight; times: instants), when its
 * zone is UTC, floating (read in `zone`) or a TZID we know; null otherwise (the caller reads it
 * through ical.js). Reading the string costs far less than an ical.js time object.
 */
export function jcalValueInstant(value: unknown, tzid: unknown, zone: string): { ms: number; allDay: boolean } | null {
  const m = typeof value === 'string' ? jcalTime.exec(value) : null;
  if (!m) return null;
  const [, y, mo, d, h, mi, se, z] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(se ?? 0));
  if (h === undefined) return { ms: wall, allDay: true };
  if (z) return { ms: wall, allDay: false };
  if (tzid === undefined) return { ms: wallToInstant(zone, wall), allDay: false };
  const iana = typeof tzid === 'string' ? ianaZoneOf(tzid) : null;
  return iana ? { ms: wallToInstant(iana, wall), allDay: false } : null;
}

/** The first value of a jCal property (see jcalValueInstant). */
export const jcalInstant = (prop: JcalProperty | undefined, zone: string) =>
  prop ? jcalValueInstant(prop[3], prop[1].tzid, zone) : null;
