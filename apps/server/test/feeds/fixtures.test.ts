import fs from 'node:fs';
import { formatDateOnly } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { expandGroup } from '../../src/modules/feeds/ical/expand.js';
import { parseFeed, seriesGroup } from '../../src/modules/feeds/ical/parse.js';
import { fixture, fixturesDir } from './ical-server.js';

// Every real-world file of test/fixtures/ical (see its README) imported and expanded; the expected
// instants were checked by hand against each file (zone offsets of the dates in question noted).

const iso = (ms: number, allDay: boolean) => (allDay ? formatDateOnly(ms) : new Date(ms).toISOString().slice(0, 16));

/**
 * Every occurrence of a file between two dates, as `start/end title` strings in start order. Exchange
 * publishes events shown as free with TRANSP:TRANSPARENT, which are not busy time; `opaque` reads
 * them as busy, to check how their times are read.
 */
function occurrences(file: string, zone = 'Europe/Berlin', from = '1990-01-01', to = '2030-01-01', opaque = false) {
  const bytes = opaque
    ? Buffer.from(fixture(file).toString('utf8').replaceAll('TRANSP:TRANSPARENT', 'TRANSP:OPAQUE'))
    : fixture(file);
  const parsed = parseFeed(bytes, zone);
  const f = Date.parse(from);
  const t = Date.parse(to);
  const out: { start: number; text: string }[] = [];
  for (const item of parsed.items) {
    const list = item.seriesIcs
      ? expandGroup(seriesGroup(item.seriesIcs), zone, f, t)
      : [{ start: item.start, end: item.end ?? item.start, allDay: item.allDay, title: item.summary }].filter(
          (o) => o.start < t && o.end >= f,
        );
    for (const o of list) {
      out.push({ start: o.start, text: `${iso(o.start, o.allDay)}/${iso(o.end, o.allDay)} ${o.title}` });
    }
  }
  out.sort((a, b) => a.start - b.start || (a.text < b.text ? -1 : 1));
  return { skipped: parsed.skipped, items: parsed.items.length, list: out.map((o) => o.text) };
}

describe('real-world iCalendar files', () => {
  it('covers every fixture file', () => {
    const files = fs.readdirSync(fixturesDir).filter((f) => f.endsWith('.ics'));
    expect(files.length).toBe(14);
    for (const file of files) expect(() => parseFeed(fixture(file), 'Europe/Berlin'), file).not.toThrow();
  });

  it('Apple iCal: daily COUNT=7 with two EXDATEs in Australia/Brisbane (+10, no DST), DURATION', () => {
    const { list } = occurrences('apple-ical-daily-with-exdate.ics');
    expect(list).toEqual(
      ['01', '02', '05', '06', '07'].map((d) => `2006-01-${d}T02:00/2006-01-${d}T03:00 Repeating Event`),
    );
  });

  it('Apple macOS: TZID America/Vancouver without VTIMEZONE (PDT −7); the cancelled event is not busy', () => {
    const { list } = occurrences('apple-macos-statuses-no-vtimezone.ics');
    expect(list).toEqual([
      '2022-07-04T23:00/2022-07-04T23:50 Tentative',
      '2022-07-05T16:00/2022-07-05T17:00 Confirmed',
      '2022-07-07T16:00/2022-07-07T17:00 No Status',
    ]);
  });

  it('Exchange all-day TU/TH series: the 26 Feb occurrence moved to the 27th (DATE-TIME RECURRENCE-ID)', () => {
    // As published the series is free (TRANSP:TRANSPARENT, X-MICROSOFT-CDO-BUSYSTATUS:FREE).
    expect(occurrences('exchange-allday-weekly-moved-occurrence.ics').list).toEqual([]);
    const { list } = occurrences(
      'exchange-allday-weekly-moved-occurrence.ics',
      'Europe/Berlin',
      '2026-02-01',
      '2026-03-07',
      true,
    );
    expect(list).toEqual([
      '2026-02-19/2026-02-20 Exchange Recurring Test',
      '2026-02-24/2026-02-25 Exchange Recurring Test',
      '2026-02-27/2026-02-28 Exchange Recurring Test',
      '2026-03-03/2026-03-04 Exchange Recurring Test',
      '2026-03-05/2026-03-06 Exchange Recurring Test',
    ]);
    // UNTIL=20260817T220000Z: the last is Thu 13 Aug.
    expect(
      occurrences(
        'exchange-allday-weekly-moved-occurrence.ics',
        'Europe/Berlin',
        '1990-01-01',
        '2030-01-01',
        true,
      ).list.at(-1),
    ).toMatch(/^2026-08-13\//);
  });

  it('Exchange with Windows zone names: W. Europe (CEST +2) and Pacific (PDT −7), EXDATE list; the malformed event alone is skipped', () => {
    const { skipped, items, list } = occurrences(
      'exchange-windows-tzids-with-exdate.ics',
      'Europe/Berlin',
      '2020-07-01',
      '2020-08-01',
      true,
    );
    // As published, the two series are free (TRANSP:TRANSPARENT): only the two one-offs are busy.
    expect(occurrences('exchange-windows-tzids-with-exdate.ics').items).toBe(2);
    expect(skipped).toBe(1);
    expect(items).toBe(3);
    // TU, TH, FR, SU at 12:00 Pacific; 21, 23 and 28 July excluded.
    const days = ['07', '09', '10', '12', '14', '16', '17', '19', '24', '26', '30', '31'];
    expect(list).toEqual(days.map((d) => `2020-07-${d}T19:00/2020-07-${d}T19:30 Not the actual summary either`));
    const september = occurrences(
      'exchange-windows-tzids-with-exdate.ics',
      'Europe/Berlin',
      '2020-09-10',
      '2020-09-16',
    );
    expect(september.list).toContain('2020-09-10T07:00/2020-09-10T07:30 test');
    expect(september.list).toContain('2020-09-15T15:30/2020-09-15T16:30 Not the actual summary 1');
  });

  it('Google/BusyMac: the malformed RRULE still reads as weekdays; EXDATE; Europe/Budapest without VTIMEZONE', () => {
    const { list, skipped } = occurrences(
      'google-busymac-malformed-rrule.ics',
      'Europe/Berlin',
      '2020-10-12',
      '2020-10-17',
    );
    expect(skipped).toBe(0);
    const at = (prefix: string) => list.filter((l) => l.startsWith(prefix));
    // America/Denver MDT (−6): 09:40 → 15:40Z, every weekday but the excluded Thursday 15 Oct.
    expect(list.filter((l) => l.includes('T15:40/')).map((l) => l.slice(0, 10))).toEqual([
      '2020-10-12',
      '2020-10-13',
      '2020-10-14',
      '2020-10-16',
    ]);
    expect(at('2020-10-12T15:50').length).toBe(1);
    // Europe/Budapest with no VTIMEZONE, zero-length at 07:20 CET (+1) → 06:20Z; 21–23 Dec excluded.
    const budapest = occurrences('google-busymac-malformed-rrule.ics', 'Europe/Berlin', '2020-12-17', '2020-12-24');
    expect(budapest.list.filter((l) => l.includes('T06:20/')).map((l) => l.slice(0, 33))).toEqual([
      '2020-12-17T06:20/2020-12-17T06:20',
      '2020-12-18T06:20/2020-12-18T06:20',
    ]);
  });

  it('Google CRLF export: one UTC event, alarms ignored', () => {
    expect(occurrences('google-crlf-utc-event-with-alarms.ics').list).toEqual([
      '2024-10-04T18:15/2024-10-04T19:00 event with alarms',
    ]);
  });

  it('Google weekly series in America/Toronto with moved overrides (EDT −4, EST −5 from 1 Nov 2009)', () => {
    const { list } = occurrences('google-weekly-moved-occurrences.ics', 'Europe/Berlin', '2009-08-15', '2009-09-01');
    expect(list.filter((l) => l.includes('Breakfast at Tims'))).toEqual([
      // DTSTART (Wed 19th) moved to Fri 21st 09:00; Mon 24th moved to Thu 27th 08:30; then Mondays.
      '2009-08-21T13:00/2009-08-21T14:00 Breakfast at Tims',
      '2009-08-27T12:30/2009-08-27T13:30 Breakfast at Tims',
      '2009-08-31T12:30/2009-08-31T13:30 Breakfast at Tims',
    ]);
    expect(list).toContain("2009-08-17T11:00/2009-08-17T17:00 Breakfast at Tiffany's");
    const november = occurrences('google-weekly-moved-occurrences.ics', 'Europe/Berlin', '2009-10-27', '2009-11-06');
    expect(november.list.filter((l) => l.includes('Repeater'))).toEqual([
      // 06:30–10:30 local.
      '2009-10-28T10:30/2009-10-28T14:30 Repeater Event',
      '2009-11-04T11:30/2009-11-04T15:30 Repeater Event',
    ]);
  });

  it('KOrganizer UTC monthly series keep their UTC time across the US DST changes', () => {
    const { list } = occurrences('korganizer-utc-monthly-across-dst.ics');
    const first = list.filter((l) => l.includes('T03:00/'));
    // DTSTART (14 Mar, not on the rule) plus the rule's 12 (second Thursday in UTC).
    expect(first.length).toBe(13);
    expect(first.slice(0, 3).map((l) => l.slice(0, 16))).toEqual([
      '2003-03-14T03:00',
      '2003-04-10T03:00',
      '2003-05-08T03:00',
    ]);
    expect(list.filter((l) => l.includes('T20:00/')).length).toBe(13);
  });

  it('Lanyrd: all-day and multi-day dates (end exclusive), a DATE end after a UTC start; the "Next Year" event skipped', () => {
    const { list, skipped } = occurrences('lanyrd-allday-multiday-feed.ics');
    expect(skipped).toBe(1);
    expect(list).toContain('2011-05-02/2011-05-04 JSConf US 2011');
    expect(list).toContain('2011-11-29/2011-12-03 Rich Web Experience 2011');
    // 20:00Z start, ending at the end date's midnight where the feed is read (Berlin, CET +1).
    expect(list).toContain('2011-03-12T20:00/2011-03-13T23:00 Dyncon 2011');
    expect(list.length).toBe(8);
  });

  it('Thunderbird: a daily COUNT=3 series with the middle occurrence cancelled by its override', () => {
    expect(occurrences('thunderbird-cancelled-occurrence.ics').list).toEqual([
      '2020-01-28T21:00/2020-01-28T22:00 one is cancelled',
      '2020-01-30T21:00/2020-01-30T22:00 one is cancelled',
    ]);
  });

  it('tvcountdown: floating times are read in the workspace zone; a repeated UID keeps both events', () => {
    const ny = occurrences('tvcountdown-floating-times.ics', 'America/New_York');
    expect(ny.skipped).toBe(0);
    expect(ny.list.length).toBe(27);
    // 20:00 floating on 19 May 2011 in New York (EDT −4) → 00:00Z the next day.
    expect(ny.list).toContain(
      '2011-05-20T00:00/2011-05-20T00:30 The Big Bang Theory - S04E24 - The Roomate Transmogrfication',
    );
    const berlin = occurrences('tvcountdown-floating-times.ics', 'Europe/Berlin');
    expect(berlin.list).toContain(
      '2011-05-19T18:00/2011-05-19T18:30 The Big Bang Theory - S04E24 - The Roomate Transmogrfication',
    );
  });

  it('Windows Calendar UTF-16LE with BOM: Europe/Paris without VTIMEZONE (CET +1), UNTIL in UTC', () => {
    const { list } = occurrences('windows-calendar-utf16le-bom.ics');
    expect(list.length).toBe(7 + 1 + 2);
    expect(list.filter((l) => l.startsWith('2009-12-04T01:00')).length).toBe(3);
    expect(list.some((l) => l.startsWith('2009-12-10T01:00'))).toBe(true);
    expect(list.some((l) => l.startsWith('2009-12-11T01:00'))).toBe(true);
  });

  it('node-ical, one UID twice: the series with the higher SEQUENCE counts, the stale copy not at all (5 blocks, not 10)', () => {
    const { list, items } = occurrences('nodeical-duplicate-rrule-sequence.ics');
    expect(items).toBe(1);
    expect(list).toEqual(
      ['01', '02', '03', '04', '05'].map((d) => `2024-01-${d}T10:00/2024-01-${d}T11:00 Daily Meeting (SEQUENCE 2)`),
    );
  });

  it('node-ical, one-off events repeating a UID: the highest SEQUENCE counts, whichever comes first', () => {
    const { list } = occurrences('nodeical-duplicate-uid-sequence.ics');
    expect(list).toEqual([
      '2024-01-15T10:00/2024-01-15T11:00 Team Meeting (SEQUENCE 2)',
      '2024-01-20T14:00/2024-01-20T15:00 Updated version (SEQUENCE 3) - should win',
    ]);
  });

  it('an exact copy of an event counts once (even exported at another moment); a moved occurrence of a revised series still counts', () => {
    const ics = fixture('nodeical-duplicate-rrule-sequence.ics').toString('utf8');
    const [head, first] = ics.split(/(?=BEGIN:VEVENT)/);
    const copy = (first ?? '').replace('END:VEVENT', 'DTSTAMP:20240102T000000Z\nEND:VEVENT');
    const moved = [
      'BEGIN:VEVENT',
      'UID:rrule-sequence-test@node-ical.test',
      'RECURRENCE-ID:20240103T100000Z',
      'DTSTART:20240103T160000Z',
      'DTEND:20240103T170000Z',
      'SEQUENCE:2',
      'SUMMARY:Moved',
      'END:VEVENT',
      '',
    ].join('\n');
    const bytes = Buffer.from(`${head}${first}${copy}${moved}${ics.slice(ics.lastIndexOf('BEGIN:VEVENT'))}`);
    const parsed = parseFeed(bytes, 'Europe/Berlin');
    expect(parsed.items).toHaveLength(1);
    const list = expandGroup(
      seriesGroup(parsed.items[0]?.seriesIcs ?? ''),
      'Europe/Berlin',
      Date.parse('2024-01-01'),
      Date.parse('2024-01-10'),
    );
    expect(list.map((o) => `${new Date(o.start).toISOString().slice(5, 13)} ${o.title}`).sort()).toEqual([
      '01-01T10 Daily Meeting (SEQUENCE 2)',
      '01-02T10 Daily Meeting (SEQUENCE 2)',
      '01-03T16 Moved',
      '01-04T10 Daily Meeting (SEQUENCE 2)',
      '01-05T10 Daily Meeting (SEQUENCE 2)',
    ]);
  });

  it('expands only within the asked range', () => {
    const parsed = parseFeed(fixture('google-busymac-malformed-rrule.ics'), 'Europe/Berlin');
    const series = parsed.items.find((i) => i.seriesIcs && i.summary !== '');
    expect(series?.end).toBeNull(); // endless
    const week = expandGroup(
      seriesGroup(series?.seriesIcs ?? ''),
      'Europe/Berlin',
      Date.parse('2026-03-02'),
      Date.parse('2026-03-09'),
    );
    expect(week.length).toBe(5);
    expect(week.every((o) => o.start >= Date.parse('2026-03-02') && o.start < Date.parse('2026-03-09'))).toBe(true);
  });
});
