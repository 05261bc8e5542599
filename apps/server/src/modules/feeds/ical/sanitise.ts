import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { icalLimits } from './limits.js';

/**
 * Repairs of what real feeds write and checks of what hostile ones do, applied to one VEVENT's
 * lines or component before any ical.js date arithmetic runs on it.
 */

/**
 * RRULE/EXRULE with empty list items (`BYDAY=MO,WE,` — a stray comma some exporters write) or an
 * empty part (`;;`, a trailing `;`): ical.js reads an empty BYDAY item as a day that never comes,
 * so the rule yields nothing. The empty items carry no meaning; dropping them keeps the rule.
 */
export function repairRuleLine(line: string): string {
  const m = /^((?:RRULE|EXRULE)(?:;[^:]*)?:)(.*)$/i.exec(line);
  if (!m) return line;
  const parts = (m[2] ?? '')
    .split(';')
    .filter((p) => p.trim() !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq < 0) return part;
      const items = part
        .slice(eq + 1)
        .split(',')
        .filter((v) => v.trim() !== '');
      return `${part.slice(0, eq)}=${items.join(',')}`;
    });
  return `${m[1]}${parts.join(';')}`;
}

/** Properties that change on every export of an unchanged event. */
const volatile = /^(DTSTAMP|CREATED|LAST-MODIFIED|SEQUENCE)[;:]/i;

/**
 * A stable id for an event without UID (Outlook Web Access and some published calendars omit it):
 * the hash of its content without the properties that change on every export, so the next fetch of
 * the same event yields the same id.
 */
export function derivedUid(lines: readonly string[]): string {
  const hash = createHash('sha256');
  for (const line of lines) if (!volatile.test(line)) hash.update(line).update('\n');
  return `derived-${hash.digest('hex').slice(0, 32)}`;
}

/** Cancelled, or transparent (TRANSP:TRANSPARENT: shown as free — birthdays, reminders): not busy. */
export function isFree(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status === 'CANCELLED' || transp === 'TRANSPARENT';
}

type JcalProperty = [name: string, params: Record<string, unknown>, type: string, ...values: unknown[]];

const dated = new Set(['dtstart', 'dtend', 'due', 'recurrence-id', 'rdate', 'exdate']);
const jcalDate = /^(-?\d+)-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?/;

/** Wall-clock ms of a jCal DATE/DATE-TIME string (zone ignored), or null when it is not one. */
function wallOfJcal(value: unknown): number | null {
  const m = typeof value === 'string' ? jcalDate.exec(value) : null;
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), 0);
  return date.getTime();
}

const windowStart = Date.UTC(icalLimits.minYear, 0, 1);
const windowEnd = Date.UTC(icalLimits.maxYear, 0, 1);
const inWindow = (ms: number) => ms >= windowStart && ms < windowEnd;

/**
 * Why an event cannot be imported, or null: every date within the years we accept and an end
 * within them too (a `DURATION:P999999999999999999W` would keep ical.js normalising the end date
 * for minutes); a series' occurrences at most `maxSeriesEventMs` long, since expanding a range
 * looks back that far. Read from the jCal, so nothing here runs ical.js date arithmetic.
 */
export function eventProblem(component: ICAL.Component): string | null {
  const props = (component.jCal as [string, JcalProperty[]])[1];
  let start: number | null = null;
  let end: number | null = null;
  let duration: number | null = null;
  for (const prop of props) {
    const name = prop[0];
    if (name === 'duration') {
      const value = prop[3];
      if (typeof value !== 'string') return 'an unreadable DURATION';
      const seconds = ICAL.Duration.fromString(value).toSeconds();
      if (!Number.isFinite(seconds) || seconds < 0) return 'an unreadable DURATION';
      duration = seconds * 1000;
      continue;
    }
    if (!dated.has(name)) continue;
    for (const value of prop.slice(3)) {
      // RDATE may be a PERIOD: its start is checked (its end follows from it).
      const raw = typeof value === 'string' ? value.split('/')[0] : value;
      const ms = wallOfJcal(raw);
      if (ms === null) continue;
      if (!inWindow(ms)) return `a date outside ${icalLimits.minYear}–${icalLimits.maxYear - 1}`;
      if (name === 'dtstart') start = ms;
      if (name === 'dtend' || name === 'due') end = ms;
    }
  }
  if (start === null) return null;
  if (duration !== null) end = start + duration;
  if (end !== null && !inWindow(end)) return `an end outside ${icalLimits.minYear}–${icalLimits.maxYear - 1}`;
  const series = props.some((p) => p[0] === 'rrule' || p[0] === 'rdate');
  // Two days of slack: a start and end in different zones (±14 h each).
  if (series && end !== null && end - start > icalLimits.maxSeriesEventMs + 2 * 86_400_000) {
    return `occurrences longer than ${Math.round(icalLimits.maxSeriesEventMs / 86_400_000)} days`;
  }
  return null;
}

/** The SEQUENCE of a revision (0 when absent or unreadable). */
export function sequenceOf(component: ICAL.Component): number {
  const value = Number(component.getFirstPropertyValue('sequence'));
  return Number.isFinite(value) ? value : 0;
}

/** DTSTAMP as a sortable string (ties of SEQUENCE go to the later stamp). */
export function stampOf(component: ICAL.Component): string {
  const prop = (component.jCal as [string, JcalProperty[]])[1].find((p) => p[0] === 'dtstamp');
  return typeof prop?.[3] === 'string' ? prop[3] : '';
}

/** An override's RECURRENCE-ID as written (with its zone), to find revisions of one occurrence. */
export function recurrenceKey(component: ICAL.Component): string {
  const prop = (component.jCal as [string, JcalProperty[]])[1].find((p) => p[0] === 'recurrence-id');
  return prop ? `${String(prop[1].tzid ?? '')}|${String(prop[3])}` : '';
}
