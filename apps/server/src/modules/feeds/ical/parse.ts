import ICAL from 'ical.js';
import { type EventGroup, expandGroup, seriesSpan } from './expand.js';
import { icalLimits } from './limits.js';
import { derivedUid, eventProblem, isFree, recurrenceKey, repairRuleLine, sequenceOf, stampOf } from './sanitise.js';
import { calendarBlocks, decodeCalendar, isCalendar, unfoldLines } from './text.js';
import { ianaZoneOf } from './zones.js';

/** One stored row of a parsed feed: a one-off event, or a series kept as iCalendar text. */
export interface ParsedItem {
  uid: string;
  summary: string;
  allDay: boolean;
  /** One-off: its start and end. Series: its span (end null when endless). */
  start: number;
  end: number | null;
  /** Series only: VCALENDAR text with the master, its overrides and the VTIMEZONEs they need. */
  seriesIcs: string | null;
}

export interface ParsedFeed {
  items: ParsedItem[];
  /** Events that could not be read (a malformed line skips its event, not the feed). */
  skipped: number;
  /** Why events were refused (dates out of range, too long …), with how many. */
  problems: Record<string, number>;
}

/** The feed is not iCalendar at all, or has no readable event while having events. */
export class FeedParseError extends Error {}

const summaryMax = 200;

function parseComponent(lines: readonly string[]): ICAL.Component | null {
  try {
    return new ICAL.Component(ICAL.parse(lines.join('\r\n')) as unknown[]);
  } catch {
    return null;
  }
}

/** TZIDs an event's properties name (read from its jCal: hydrating every property costs). */
function tzidsOf(component: ICAL.Component): Set<string> {
  const out = new Set<string>();
  for (const prop of (component.jCal as [string, [string, Record<string, unknown>][]])[1]) {
    const tzid = prop[1].tzid;
    if (typeof tzid === 'string') out.add(tzid);
  }
  return out;
}

/**
 * Parses an iCalendar file (UTF-8, or UTF-16 with a byte-order mark) into rows to store. Times
 * become instants now (floating ones in `zone`); series keep their text and are expanded per
 * range later. Unreadable events are counted and skipped.
 */
export function parseFeed(bytes: Buffer, zone: string): ParsedFeed {
  const lines = unfoldLines(decodeCalendar(bytes));
  if (!isCalendar(lines)) throw new FeedParseError('not an iCalendar file');
  const blocks = calendarBlocks(lines);
  // VTIMEZONEs by TZID, kept only for zones our own rules don't know (custom or unnamed ones).
  const zoneLines = new Map<string, string[]>();
  for (const tz of blocks.timezones) {
    const tzid = tz.find((l) => /^TZID[;:]/i.test(l))?.replace(/^TZID[^:]*:/i, '');
    if (tzid && !ianaZoneOf(tzid) && parseComponent(tz)) zoneLines.set(tzid, tz);
  }
  const groups = new Map<string, Group>();
  let skipped = 0;
  const problems = new Map<string, number>();
  for (const raw of blocks.events) {
    const eventLines = raw.map(repairRuleLine);
    const vevent = parseComponent(eventLines);
    const problem = vevent ? eventProblem(vevent) : 'an unreadable line';
    if (!vevent || problem) {
      skipped++;
      if (problem) problems.set(problem, (problems.get(problem) ?? 0) + 1);
      continue;
    }
    const written = vevent.getFirstPropertyValue('uid');
    const uid = typeof written === 'string' && written !== '' ? written : derivedUid(eventLines);
    if (vevent.hasProperty('recurrence-id')) {
      const group = groups.get(uid) ?? { master: null, masterLines: [], revisions: new Map() };
      keepLatestRevision(group.revisions, vevent, eventLines);
      groups.set(uid, group);
    } else placeMaster(groups, uid, vevent, eventLines);
  }
  const series = [...groups.values()].filter((g) => g.master && isSeriesMaster(g.master)).length;
  if (series > icalLimits.maxSeries) {
    throw new FeedParseError(`${series} recurring events (at most ${icalLimits.maxSeries} are read)`);
  }
  const items: ParsedItem[] = [];
  for (const [uid, found] of groups) {
    const revisions = [...found.revisions.values()];
    const group = {
      master: found.master,
      overrides: revisions.map((r) => r.component),
      lines: [...(found.master ? [found.masterLines] : []), ...revisions.map((r) => r.lines)],
    };
    // A cancelled or transparent series is not busy at all (its overrides belong to it).
    if (group.master && isFree(group.master)) continue;
    try {
      items.push(...groupItems(uid, group, zoneLines, zone));
    } catch {
      skipped += group.lines.length;
    }
  }
  if (items.length === 0 && skipped > 0) {
    const why = [...problems.keys()][0];
    throw new FeedParseError(`no readable event (${skipped} skipped${why ? `: ${why}` : ''})`);
  }
  return { items, skipped, problems: Object.fromEntries(problems) };
}

interface Revision {
  component: ICAL.Component;
  lines: string[];
}

/** An event's master and its overrides, each occurrence's latest revision only. */
interface Group {
  master: ICAL.Component | null;
  masterLines: string[];
  revisions: Map<string, Revision>;
}

const isSeriesMaster = (c: ICAL.Component) => c.hasProperty('rrule') || c.hasProperty('rdate');

/**
 * Feeds may carry several revisions of one moved occurrence (an invitation updated twice): the
 * one with the highest SEQUENCE, then the latest DTSTAMP, is the occurrence; earlier ones are gone.
 */
function keepLatestRevision(revisions: Map<string, Revision>, component: ICAL.Component, lines: string[]) {
  const key = recurrenceKey(component);
  const held = revisions.get(key);
  if (held) {
    const bySequence = sequenceOf(component) - sequenceOf(held.component);
    if (bySequence < 0 || (bySequence === 0 && stampOf(component) < stampOf(held.component))) return;
  }
  revisions.set(key, { component, lines });
}

/** A VEVENT's lines without DTSTAMP (the moment of export, not the event): what makes two copies one. */
const contentOf = (lines: readonly string[]) => lines.filter((l) => !/^DTSTAMP[;:]/i.test(l)).join('\n');

/**
 * Places an event without RECURRENCE-ID among those of its UID. Its exact copy counts once; of two
 * revisions, the higher SEQUENCE replaces the lower (RFC 5545 §3.8.7.4); two different events with
 * one UID and one SEQUENCE (seen in real feeds: a TV guide gives both parts of a double episode
 * one UID) are both kept, the second as `uid#2`.
 */
function placeMaster(groups: Map<string, Group>, uid: string, vevent: ICAL.Component, lines: string[]) {
  const content = contentOf(lines);
  let key = uid;
  for (let n = 2; ; n++) {
    const held = groups.get(key);
    if (!held?.master) break;
    if (contentOf(held.masterLines) === content) return;
    key = `${uid}#${n}`;
  }
  const first = groups.get(uid);
  if (first?.master && sequenceOf(vevent) !== sequenceOf(first.master)) {
    if (sequenceOf(vevent) < sequenceOf(first.master)) return;
    key = uid;
  }
  const group = groups.get(key) ?? { master: null, masterLines: [], revisions: new Map() };
  group.master = vevent;
  group.masterLines = lines;
  groups.set(key, group);
}

function groupItems(
  uid: string,
  group: EventGroup & { lines: string[][] },
  zoneLines: Map<string, string[]>,
  zone: string,
): ParsedItem[] {
  const { master } = group;
  const isSeries = master !== null && isSeriesMaster(master);
  const used = new Set<string>();
  for (const c of [...(master ? [master] : []), ...group.overrides]) for (const t of tzidsOf(c)) used.add(t);
  const needed = [...used].flatMap((t) => zoneLines.get(t) ?? []);
  // Attach the zones the events name, so ical.js reads their times in them.
  const calendar = needed.length > 0 ? parseComponent(['BEGIN:VCALENDAR', ...needed, 'END:VCALENDAR']) : null;
  if (calendar) for (const c of [...(master ? [master] : []), ...group.overrides]) calendar.addSubcomponent(c);
  const summary = String((master ?? group.overrides[0])?.getFirstPropertyValue('summary') ?? '').slice(0, summaryMax);
  if (!isSeries) {
    return expandGroup(group, zone, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY).map((o, i) => ({
      uid: i === 0 ? uid : `${uid}#${i}`,
      summary: o.title.slice(0, summaryMax),
      allDay: o.allDay,
      start: o.start,
      end: o.end,
      seriesIcs: null,
    }));
  }
  const span = seriesSpan(group, zone);
  const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', ...needed, ...group.lines.flat(), 'END:VCALENDAR'].join('\r\n');
  return [{ uid, summary, allDay: span.allDay, start: span.start, end: span.end, seriesIcs: ics }];
}

/** The event group stored as a series' text, ready to expand. */
export function seriesGroup(ics: string): EventGroup {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent');
  return {
    master: events.find((e) => !e.hasProperty('recurrence-id')) ?? null,
    overrides: events.filter((e) => e.hasProperty('recurrence-id')),
  };
}
