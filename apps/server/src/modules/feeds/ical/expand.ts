import { dayMs, wallToInstant } from '@fieldplan/shared';
import ICAL from 'ical.js';
import { isExcluded, takeExclusions } from './exclusions.js';
import { alignUntil, fastForwardStart } from './fast-forward.js';
import { type JcalProperty, jcalInstant } from './jcal-time.js';
import { icalLimits, StepBudget } from './limits.js';
import { isFree } from './sanitise.js';
import { ianaZoneOf } from './zones.js';

/** One busy interval: instants, or dates (UTC-midnight ms, end exclusive) when all-day. */
export interface Occurrence {
  start: number;
  end: number;
  allDay: boolean;
  title: string;
  /** The original start of a series' occurrence (same units); null for a one-off. */
  key: number | null;
}

/** An event as a feed has it: the master (absent for orphan overrides) and its RECURRENCE-ID overrides. */
export interface EventGroup {
  master: ICAL.Component | null;
  overrides: ICAL.Component[];
}

const wallOf = (t: ICAL.Time) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

/**
 * The instant of an ical.js time: UTC as is; a TZID we know (IANA or Windows name) through our own
 * zone rules; a zone only the file's VTIMEZONE defines through ical.js; floating (or an unknown TZID
 * without VTIMEZONE) in `floatingZone`. Dates are their UTC midnight.
 */
export function instantOf(t: ICAL.Time, tzid: string | null, floatingZone: string): number {
  if (t.isDate) return Date.UTC(t.year, t.month - 1, t.day);
  if (t.zone === ICAL.Timezone.utcTimezone || t.zone?.tzid === 'UTC') return wallOf(t);
  if (tzid) {
    const iana = ianaZoneOf(tzid);
    if (iana) return wallToInstant(iana, wallOf(t));
    if (t.zone && t.zone !== ICAL.Timezone.localTimezone && t.zone.component) return t.toUnixTime() * 1000;
  }
  return wallToInstant(floatingZone, wallOf(t));
}

const tzidOf = (component: ICAL.Component, name: string): string | null => {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
};

const titleOf = (component: ICAL.Component) => {
  const value = component.getFirstPropertyValue('summary');
  return typeof value === 'string' ? value : '';
};

/** Start and end of one VEVENT (or of an occurrence's times), in our units. */
function interval(
  start: ICAL.Time,
  end: ICAL.Time,
  startTzid: string | null,
  endTzid: string | null,
  zone: string,
): { start: number; end: number; allDay: boolean } {
  const allDay = start.isDate;
  const s = instantOf(start, startTzid, zone);
  let e: number;
  if (end.isDate === allDay) e = instantOf(end, endTzid, zone);
  // A timed start with a date end (seen in the wild): the end date's midnight where the feed is read.
  else if (!allDay) e = wallToInstant(zone, Date.UTC(end.year, end.month - 1, end.day));
  else e = Date.UTC(end.year, end.month - 1, end.day);
  if (allDay && e <= s) e = s + dayMs;
  return { start: s, end: Math.max(s, e), allDay };
}

/** Range test in our units: all-day dates are widened by a day (zones are within ±14 h). */
const overlaps = (o: { start: number; end: number; allDay: boolean }, from: number, to: number) =>
  o.allDay ? o.start < to + dayMs && o.end > from - dayMs : o.start < to && o.end > from;

/** Exchange writes a DATE-TIME midnight RECURRENCE-ID for a DATE series: read it as the date. */
function normaliseRecurrenceId(override: ICAL.Component, masterIsDate: boolean): void {
  const prop = override.getFirstProperty('recurrence-id');
  const value = prop?.getFirstValue();
  if (!prop || !(value instanceof ICAL.Time) || value.isDate === masterIsDate) return;
  const fixed = value.clone();
  fixed.isDate = masterIsDate;
  if (masterIsDate) prop.removeParameter('tzid');
  prop.setValue(fixed);
}

function fullSingle(component: ICAL.Component, zone: string, key: number | null): Occurrence | null {
  if (isFree(component)) return null;
  const event = new ICAL.Event(component);
  const start = event.startDate;
  if (!start) return null;
  const startTzid = tzidOf(component, 'dtstart');
  // Without DTEND the end is DTSTART + DURATION, in DTSTART's zone.
  const endTzid = component.hasProperty('dtend') ? tzidOf(component, 'dtend') : startTzid;
  const span = interval(start, event.endDate, startTzid, endTzid, zone);
  return { ...span, title: titleOf(component), key };
}

/**
 * A plain one-off event read straight from its jCal (no ical.js time objects: a 10,000-event feed
 * parses several times faster). Null when it needs the full path (DURATION, a VTIMEZONE-only zone,
 * mixed DATE/DATE-TIME, anything unusual).
 */
function fastSingle(component: ICAL.Component): ((zone: string) => Occurrence | null) | null {
  const props = (component.jCal as [string, JcalProperty[]])[1];
  const find = (name: string) => props.find((p) => p[0] === name);
  if (find('duration') || find('rrule') || find('rdate')) return null;
  return (zone) => {
    const start = jcalInstant(find('dtstart'), zone);
    const endProp = find('dtend');
    const end = endProp
      ? jcalInstant(endProp, zone)
      : start && { ms: start.ms + (start.allDay ? dayMs : 0), allDay: start.allDay };
    if (!start || !end || start.allDay !== end.allDay) return null;
    const summary = find('summary')?.[3];
    const e = start.allDay && end.ms <= start.ms ? start.ms + dayMs : Math.max(start.ms, end.ms);
    return {
      start: start.ms,
      end: e,
      allDay: start.allDay,
      title: typeof summary === 'string' ? summary : '',
      key: null,
    };
  };
}

function single(component: ICAL.Component, zone: string, key: number | null): Occurrence | null {
  const fast = key === null && !isFree(component) ? fastSingle(component)?.(zone) : undefined;
  if (fast) return fast;
  return fullSingle(component, zone, key);
}

/**
 * The occurrences of an event group overlapping [from, to) (ms; `-Infinity`/`Infinity` for all of a
 * bounded series). Series are walked with ical.js (RRULE, RDATE, EXDATE) up to `to`, from a start
 * fast-forwarded to just before the range, each recurrence id counted against `budget` (throws
 * BudgetExceeded when spent); overrides replace (or, when cancelled or transparent, remove) their
 * occurrence, and an override moved into the range from beyond it is found too. Throws on
 * unreadable data.
 */
export function expandGroup(
  group: EventGroup,
  zone: string,
  from: number,
  to: number,
  budget: StepBudget = new StepBudget(icalLimits.feedSteps),
): Occurrence[] {
  const out: Occurrence[] = [];
  const { master } = group;
  if (!master) {
    for (const o of group.overrides) {
      const occurrence = single(o, zone, null);
      if (occurrence && overlaps(occurrence, from, to)) out.push(occurrence);
    }
    return out;
  }
  if (isFree(master)) return out;
  const isSeries = master.hasProperty('rrule') || master.hasProperty('rdate');
  if (!isSeries) {
    const occurrence = single(master, zone, null);
    return occurrence && overlaps(occurrence, from, to) ? [occurrence] : [];
  }
  const masterStart = master.getFirstPropertyValue('dtstart');
  if (!(masterStart instanceof ICAL.Time)) throw new Error('the series has no start');
  for (const o of group.overrides) normaliseRecurrenceId(o, masterStart.isDate);
  const startTzid = tzidOf(master, 'dtstart');
  // Taken out of the master before ical.js sees it: excluded occurrences are walked and skipped here.
  const exclusions = takeExclusions(master, startTzid, zone, instantOf);
  const event = new ICAL.Event(master, { exceptions: group.overrides });
  const first = single(master, zone, null);
  if (!first) return out;
  // Every occurrence lasts as long as the first (RFC 5545 §3.8.5.3), so the walk needs no ical.js details.
  const duration = first.end - first.start;
  // Overrides by the instant they replace (robust to a RECURRENCE-ID written in UTC or another zone).
  const overrides = new Map<number, ICAL.Event>();
  for (const exception of Object.values(event.exceptions)) {
    overrides.set(instantOf(exception.recurrenceId, tzidOf(exception.component, 'recurrence-id'), zone), exception);
  }
  const used = new Set<number>();
  const limit = to + (masterStart.isDate ? dayMs : 0);
  alignUntil(master, masterStart, startTzid, zone);
  // Occurrences that start before the range but last into it are found: look back one duration.
  const iterator = event.iterator(fastForwardStart(master, masterStart, from - duration) ?? undefined);
  let dtstartWalked = false;
  for (let next = iterator.next(); next; next = iterator.next()) {
    budget.step();
    const key = instantOf(next, startTzid, zone);
    if (key >= limit) break;
    if (key === first.start) dtstartWalked = true;
    if (isExcluded(exclusions, key, next)) continue;
    const override = overrides.get(key);
    if (override) {
      used.add(key);
      const occurrence = single(override.component, zone, key);
      if (occurrence && overlaps(occurrence, from, to)) out.push(occurrence);
      continue;
    }
    const o = { start: key, end: key + duration, allDay: first.allDay };
    if (overlaps(o, from, to)) out.push({ ...o, title: first.title, key });
  }
  // RFC 5545 counts DTSTART as the first occurrence even when the rule would not produce it
  // (ical.js leaves it out): keep it, unless it is excluded or overridden.
  const excluded = isExcluded(exclusions, first.start, masterStart);
  if (!dtstartWalked && !excluded && !overrides.has(first.start) && overlaps(first, from, to)) {
    out.push({ ...first, key: first.start });
  }
  // Overrides the walk did not reach (beyond the range, or of an occurrence the rule does not make,
  // such as DTSTART) count where they are now.
  for (const [key, override] of overrides) {
    if (used.has(key)) continue;
    const occurrence = single(override.component, zone, key);
    if (occurrence && overlaps(occurrence, from, to)) out.push(occurrence);
  }
  return out;
}

const freqMs: Record<string, number> = {
  SECONDLY: 1_000,
  MINUTELY: 60_000,
  HOURLY: 3_600_000,
  DAILY: dayMs,
  WEEKLY: 7 * dayMs,
  MONTHLY: 31 * dayMs,
  YEARLY: 366 * dayMs,
};

/**
 * The span a series is indexed by (first start, an end no occurrence passes), or end null when it
 * is endless. Found without expanding: UNTIL bounds it; COUNT occurrences of FREQ×INTERVAL fit in
 * COUNT periods — ×8 for BY-rules that skip periods (the 31st of a month, 29 February); only a
 * too-early end could lose busy time, a late one just costs an expansion that finds nothing.
 */
export function seriesSpan(group: EventGroup, zone: string): { start: number; end: number | null; allDay: boolean } {
  const master = group.master;
  const first = master ? single(master, zone, null) : null;
  if (!master || !first) throw new Error('the series has no start');
  const overrides = group.overrides.map((o) => single(o, zone, null)).filter((o) => o !== null);
  const start = overrides.reduce((a, o) => Math.min(a, o.start), first.start);
  const overridesEnd = overrides.reduce((a, o) => Math.max(a, o.end), first.end);
  const duration = first.end - first.start;
  let end: number | null = null;
  const rrule = master.getFirstPropertyValue('rrule');
  if (master.hasProperty('rdate')) end = null;
  else if (rrule instanceof ICAL.Recur && rrule.until) {
    end = instantOf(rrule.until, tzidOf(master, 'dtstart'), zone) + duration + 2 * dayMs;
  } else if (rrule instanceof ICAL.Recur && rrule.count) {
    const skipping = Object.keys(rrule.parts).some((k) => k !== 'BYDAY' || rrule.freq !== 'WEEKLY');
    const period = (freqMs[rrule.freq] ?? 366 * dayMs) * (rrule.interval || 1);
    end = first.start + rrule.count * period * (skipping ? 8 : 1) + duration + 2 * dayMs;
  }
  return { start, end: end === null ? null : Math.max(end, overridesEnd), allDay: first.allDay };
}
