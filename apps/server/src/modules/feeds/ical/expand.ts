import { dayMs, wallToInstant } from '@fieldplan/shared';
import ICAL from 'ical.js';
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

/** The most recurrence ids one expansion walks (an endless daily series from 1990 is ~13,000 by 2026). */
export const maxSteps = 50_000;

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

const isCancelled = (component: ICAL.Component) =>
  String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

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

function single(component: ICAL.Component, zone: string, key: number | null): Occurrence | null {
  if (isCancelled(component)) return null;
  const event = new ICAL.Event(component);
  const start = event.startDate;
  if (!start) return null;
  const span = interval(start, event.endDate, tzidOf(component, 'dtstart'), tzidOf(component, 'dtend'), zone);
  return { ...span, title: titleOf(component), key };
}

/**
 * The occurrences of an event group overlapping [from, to) (ms; `-Infinity`/`Infinity` for all of a
 * bounded series). Series are walked with ical.js (RRULE, RDATE, EXDATE) from DTSTART up to `to`,
 * at most `maxSteps` recurrence ids; overrides replace (or, when cancelled, remove) their occurrence,
 * and an override moved into the range from beyond it is found too. Throws on unreadable data.
 */
export function expandGroup(group: EventGroup, zone: string, from: number, to: number): Occurrence[] {
  const out: Occurrence[] = [];
  const { master } = group;
  if (!master) {
    for (const o of group.overrides) {
      const occurrence = single(o, zone, null);
      if (occurrence && overlaps(occurrence, from, to)) out.push(occurrence);
    }
    return out;
  }
  if (isCancelled(master)) return out;
  const isSeries = master.hasProperty('rrule') || master.hasProperty('rdate');
  if (!isSeries) {
    const occurrence = single(master, zone, null);
    return occurrence && overlaps(occurrence, from, to) ? [occurrence] : [];
  }
  const masterStart = master.getFirstPropertyValue('dtstart');
  if (!(masterStart instanceof ICAL.Time)) throw new Error('the series has no start');
  for (const o of group.overrides) normaliseRecurrenceId(o, masterStart.isDate);
  const event = new ICAL.Event(master, { exceptions: group.overrides });
  const startTzid = tzidOf(master, 'dtstart');
  const endTzid = tzidOf(master, 'dtend') ?? startTzid;
  const title = titleOf(master);
  const iterator = event.iterator();
  const visited = new Set<string>();
  const walked = new Set<number>();
  for (let step = 0, next = iterator.next(); next && step < maxSteps; step++, next = iterator.next()) {
    const key = instantOf(next, startTzid, zone);
    if (key >= to + (masterStart.isDate ? dayMs : 0)) break;
    walked.add(key);
    const details = event.getOccurrenceDetails(next);
    if (details.item !== event) {
      visited.add(details.item.recurrenceId.toString());
      const occurrence = single(details.item.component, zone, key);
      if (occurrence && overlaps(occurrence, from, to)) out.push(occurrence);
      continue;
    }
    const span = interval(details.startDate, details.endDate, startTzid, endTzid, zone);
    if (overlaps(span, from, to)) out.push({ ...span, title, key });
  }
  // RFC 5545 counts DTSTART as the first occurrence even when the rule would not produce it
  // (ical.js leaves it out): keep it, unless it is excluded or overridden.
  const firstKey = instantOf(masterStart, startTzid, zone);
  const excluded = master.getAllProperties('exdate').some((prop) => {
    const tzid = prop.getParameter('tzid');
    const zoneOfValue = typeof tzid === 'string' ? tzid : startTzid;
    return prop.getValues().some((t) => t instanceof ICAL.Time && instantOf(t, zoneOfValue, zone) === firstKey);
  });
  const overridden = Object.values(event.exceptions).some(
    (e) => instantOf(e.recurrenceId, tzidOf(e.component, 'recurrence-id'), zone) === firstKey,
  );
  if (!walked.has(firstKey) && !excluded && !overridden && firstKey < to) {
    const first = single(master, zone, firstKey);
    if (first && overlaps(first, from, to)) out.push(first);
  }
  // Overrides the walk did not reach (beyond the range, or of an occurrence the rule does not make,
  // such as DTSTART) count where they are now.
  for (const exception of Object.values(event.exceptions)) {
    if (visited.has(exception.recurrenceId.toString())) continue;
    const key = instantOf(exception.recurrenceId, tzidOf(exception.component, 'recurrence-id'), zone);
    const occurrence = single(exception.component, zone, key);
    if (occurrence && overlaps(occurrence, from, to)) out.push(occurrence);
  }
  return out;
}

/**
 * The span of a series (first start, last end), or end null when it is endless or longer than
 * `maxSteps` occurrences: what the store indexes it by.
 */
export function seriesSpan(group: EventGroup, zone: string): { start: number; end: number | null; allDay: boolean } {
  const master = group.master;
  const rrule = master?.getFirstPropertyValue('rrule') as ICAL.Recur | undefined;
  const bounded = rrule ? rrule.count !== null || rrule.until !== null : true;
  const all = bounded ? expandGroup(group, zone, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY) : null;
  const first = master ? single(master, zone, null) : null;
  const starts = [...(all ?? []).map((o) => o.start), ...(first ? [first.start] : [])];
  const allDay = first?.allDay ?? all?.[0]?.allDay ?? false;
  const start = starts.reduce((a, b) => Math.min(a, b), starts[0] ?? 0);
  if (!all || all.length >= maxSteps) return { start, end: null, allDay };
  const end = all.reduce((a, o) => Math.max(a, o.end), first?.end ?? start);
  return { start, end, allDay };
}
