import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDateOnly } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { expandGroup } from '../../src/modules/feeds/ical/expand.js';
import { parseFeed, seriesGroup } from '../../src/modules/feeds/ical/parse.js';

// Interoperability cases of iCalendar import, one small file each in test/fixtures/ical-import,
// shaped like what the named programs write, read through the real parse and expansion path.

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/ical-import');
const read = (name: string) => fs.readFileSync(path.join(dir, name));
const iso = (ms: number, allDay: boolean) => (allDay ? formatDateOnly(ms) : new Date(ms).toISOString().slice(0, 16));

/** Every busy occurrence of a file in [from, to), as `start/end title` in start order. */
function busyOf(bytes: Buffer, from = '2026-01-01', to = '2027-01-01', zone = 'Europe/Berlin') {
  const parsed = parseFeed(bytes, zone);
  const f = Date.parse(from);
  const t = Date.parse(to);
  const out: { start: number; text: string }[] = [];
  for (const item of parsed.items) {
    const list = item.seriesIcs
      ? expandGroup(seriesGroup(item.seriesIcs), zone, f, t)
      : [{ start: item.start, end: item.end ?? item.start, allDay: item.allDay, title: item.summary }];
    for (const o of list)
      out.push({ start: o.start, text: `${iso(o.start, o.allDay)}/${iso(o.end, o.allDay)} ${o.title}` });
  }
  out.sort((a, b) => a.start - b.start || (a.text < b.text ? -1 : 1));
  return { parsed, list: out.map((o) => o.text) };
}

describe('iCalendar import interoperability', () => {
  it('UNTIL is inclusive: an occurrence starting exactly at UNTIL is kept (zoned and all-day series)', () => {
    const { list } = busyOf(read('until-inclusive.ics'));
    // Tuesdays 10:00 Berlin (CEST +2) until 28 April 08:00Z = 10:00 Berlin, which is an occurrence.
    expect(list.filter((l) => l.endsWith('Team stand-up'))).toEqual(
      ['07', '14', '21', '28'].map((d) => `2026-04-${d}T08:00/2026-04-${d}T09:00 Team stand-up`),
    );
    expect(list.filter((l) => l.endsWith('Long weekend'))).toEqual([
      '2026-05-01/2026-05-02 Long weekend',
      '2026-05-02/2026-05-03 Long weekend',
      '2026-05-03/2026-05-04 Long weekend',
    ]);
  });

  it('two revisions (SEQUENCE) of one moved occurrence, in any order and without their series: only the latest counts', () => {
    const { list } = busyOf(read('sequence-revisions.ics'), '2026-04-01', '2026-04-16');
    expect(list).toEqual([
      '2026-04-01T08:00/2026-04-01T09:00 Site visit',
      '2026-04-10T12:00/2026-04-10T13:00 Site visit',
      '2026-04-14T15:00/2026-04-14T16:00 Planning (invited)',
      '2026-04-15T08:00/2026-04-15T09:00 Site visit',
    ]);
  });

  it('TRANSP:TRANSPARENT events (one-off, all-day, series) are not busy time', () => {
    const { list, parsed } = busyOf(read('transparent-events.ics'));
    expect(list).toEqual(['2026-04-15T13:00/2026-04-15T14:00 Dentist']);
    expect(parsed.skipped).toBe(0);
  });

  it('a rule with a stray trailing comma is repaired, not silently emptied', () => {
    const { list, parsed } = busyOf(read('rrule-trailing-comma.ics'), '2026-04-06', '2026-04-13');
    expect(parsed.skipped).toBe(0);
    expect(list).toEqual([
      '2026-04-06T07:00/2026-04-06T08:00 Depot shift',
      '2026-04-08T07:00/2026-04-08T08:00 Depot shift',
    ]);
  });

  it('events without UID (Outlook Web Access export) are read, with ids that stay the same on the next export', () => {
    const first = busyOf(read('outlook-no-uid.ics'));
    expect(first.parsed.skipped).toBe(0);
    expect(first.list).toEqual([
      '2026-04-20T08:00/2026-04-20T09:30 Busy',
      '2026-04-21T12:00/2026-04-21T13:00 Busy',
      '2026-04-22T14:00/2026-04-22T15:00 Weekly review',
      '2026-04-29T14:00/2026-04-29T15:00 Weekly review',
      '2026-05-06T14:00/2026-05-06T15:00 Weekly review',
    ]);
    const ids = first.parsed.items.map((i) => i.uid);
    expect(new Set(ids).size).toBe(3);
    // The same events exported again later (only DTSTAMP differs) keep their ids.
    const restamped = read('outlook-no-uid.ics')
      .toString('utf8')
      .replaceAll('DTSTAMP:20260418T101010Z', 'DTSTAMP:20260419T080000Z');
    expect(parseFeed(Buffer.from(restamped), 'Europe/Berlin').items.map((i) => i.uid)).toEqual(ids);
  });

  it('a start with no end and no duration is an instant (timed) or one day (date), one-off and series', () => {
    const { list } = busyOf(read('start-without-end.ics'));
    expect(list).toEqual([
      '2026-04-22T10:00/2026-04-22T10:00 Call back',
      '2026-04-23/2026-04-24 Inventory day',
      '2026-04-24/2026-04-25 Market day',
      '2026-04-27T07:00/2026-04-27T07:00 Check-in',
      '2026-04-28T07:00/2026-04-28T07:00 Check-in',
      '2026-05-01/2026-05-02 Market day',
    ]);
  });
});
