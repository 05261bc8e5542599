import { describe, expect, it } from 'vitest';
import { expandGroup } from '../../src/modules/feeds/ical/expand.js';
import { BudgetExceeded, StepBudget } from '../../src/modules/feeds/ical/limits.js';
import { parseFeed, seriesGroup } from '../../src/modules/feeds/ical/parse.js';

// Expansion starts near the asked range, not at DTSTART: the result must be exactly what a walk
// from DTSTART finds in the range, for every kind of rule, and the walk's cost must not grow with
// the series' age.

const zone = 'Europe/Berlin';

function group(lines: string[]) {
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    'UID:s',
    'DTSTAMP:20260101T000000Z',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const item = parseFeed(Buffer.from(ics), zone).items[0];
  if (!item?.seriesIcs) throw new Error('not a series');
  return () => seriesGroup(item.seriesIcs as string);
}

const cases: [string, string[]][] = [
  [
    'daily, nine hours a day, Berlin time across DST',
    [
      'DTSTART;TZID=Europe/Berlin:20250103T090000',
      'DURATION:PT30M',
      'RRULE:FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16,17',
    ],
  ],
  ['every third day', ['DTSTART:20230101T070000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY;INTERVAL=3']],
  [
    'every 7 hours (not a divisor of a day)',
    ['DTSTART:20250101T010000Z', 'DURATION:PT1H', 'RRULE:FREQ=HOURLY;INTERVAL=7'],
  ],
  [
    'every 45 minutes on weekdays',
    ['DTSTART:20251201T000000Z', 'DURATION:PT10M', 'RRULE:FREQ=MINUTELY;INTERVAL=45;BYDAY=MO,TU,WE,TH,FR'],
  ],
  [
    'fortnightly Monday and Wednesday, WKST=SU',
    [
      'DTSTART;TZID=Europe/Berlin:19970106T080000',
      'DTEND;TZID=Europe/Berlin:19970106T090000',
      'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=SU',
    ],
  ],
  ['monthly on the 31st (DTSTART day)', ['DTSTART:19950131T100000Z', 'DURATION:PT1H', 'RRULE:FREQ=MONTHLY']],
  [
    'every 5 months, last Friday',
    ['DTSTART:19900126T100000Z', 'DURATION:PT1H', 'RRULE:FREQ=MONTHLY;INTERVAL=5;BYDAY=-1FR'],
  ],
  ['yearly on 15 March, all day', ['DTSTART;VALUE=DATE:19500315', 'RRULE:FREQ=YEARLY']],
  [
    'every other year, every Monday of June',
    ['DTSTART:19900604T080000Z', 'DURATION:PT1H', 'RRULE:FREQ=YEARLY;INTERVAL=2;BYMONTH=6;BYDAY=MO'],
  ],
  [
    'weekly with EXDATEs in the range',
    ['DTSTART:20200106T080000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY', 'EXDATE:20260302T080000Z,20260316T080000Z'],
  ],
  [
    'two-day occurrences that start before the range',
    ['DTSTART:20200104T200000Z', 'DURATION:P2D', 'RRULE:FREQ=WEEKLY;BYDAY=SA'],
  ],
];

describe('expansion fast-forwarded to the range', () => {
  for (const [name, lines] of cases) {
    it(`${name}: the same occurrences as a walk from DTSTART`, () => {
      const fresh = group(lines);
      for (const [from, to] of [
        ['2026-02-23', '2026-03-30'],
        ['2026-10-19', '2026-11-02'],
      ] as const) {
        const f = Date.parse(from);
        const t = Date.parse(to);
        // From -Infinity nothing is skipped: the walk starts at DTSTART.
        const full = expandGroup(fresh(), zone, Number.NEGATIVE_INFINITY, t, new StepBudget(5_000_000)).filter((o) =>
          o.allDay ? o.start < t + 86_400_000 && o.end > f - 86_400_000 : o.start < t && o.end > f,
        );
        const fast = expandGroup(fresh(), zone, f, t, new StepBudget(5_000_000));
        const key = (o: { start: number; end: number }) => `${o.start}-${o.end}`;
        expect(fast.map(key).sort(), `${from}…${to}`).toEqual(full.map(key).sort());
      }
    });
  }

  it('a week of an endless hourly series from 1900 walks about a week of steps', () => {
    const budget = new StepBudget(1_000);
    const week = expandGroup(
      group([
        'DTSTART;TZID=Europe/Berlin:19000101T090000',
        'DURATION:PT15M',
        'RRULE:FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16,17',
      ])(),
      zone,
      Date.parse('2026-06-01'),
      Date.parse('2026-06-08'),
      budget,
    );
    expect(week).toHaveLength(63);
    expect(budget.used).toBeLessThan(200);
  });

  it('COUNT rules walk from DTSTART, within the budget, and say when it is spent', () => {
    const series = group(['DTSTART:20000101T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=HOURLY;COUNT=100000'])();
    expect(() =>
      expandGroup(series, zone, Date.parse('2010-01-01'), Date.parse('2010-01-08'), new StepBudget(1_000)),
    ).toThrow(BudgetExceeded);
  });
});
