import ICAL from 'ical.js';
import { type EventGroup, expandGroup, seriesSpan } from './expand.js';
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
  const groups = new Map<string, EventGroup & { lines: string[][] }>();
  let skipped = 0;
  for (const eventLines of blocks.events) {
    const vevent = parseComponent(eventLines);
    const uid = vevent?.getFirstPropertyValue('uid');
    if (!vevent || typeof uid !== 'string' || uid === '') {
      skipped++;
      continue;
    }
    // A second master with the same UID (seen in real feeds) is kept as an event of its own.
    let key = uid;
    for (let n = 2; !vevent.hasProperty('recurrence-id') && groups.get(key)?.master; n++) key = `${uid}#${n}`;
    const group = groups.get(key) ?? { master: null, overrides: [], lines: [] };
    if (vevent.hasProperty('recurrence-id')) group.overrides.push(vevent);
    else group.master = vevent;
    group.lines.push(eventLines);
    groups.set(key, group);
  }
  const items: ParsedItem[] = [];
  for (const [uid, group] of groups) {
    try {
      items.push(...groupItems(uid, group, zoneLines, zone));
    } catch {
      skipped += group.lines.length;
    }
  }
  if (items.length === 0 && skipped > 0) throw new FeedParseError(`no readable event (${skipped} skipped)`);
  return { items, skipped };
}

function groupItems(
  uid: string,
  group: EventGroup & { lines: string[][] },
  zoneLines: Map<string, string[]>,
  zone: string,
): ParsedItem[] {
  const { master } = group;
  const isSeries = master !== null && (master.hasProperty('rrule') || master.hasProperty('rdate'));
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
