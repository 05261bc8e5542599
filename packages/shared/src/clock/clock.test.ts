import { describe, expect, it } from 'vitest';
import { formatDistance } from '../geo/distance.js';
import { formatDuration } from '../travel/model.js';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatDayRange,
  formatDayWithYear,
  formatLongDay,
  formatMinutes,
  formatMonth,
  formatNumber,
  formatRelativeTime,
  formatTime,
  formatTimeRange,
  formatWallTime,
  weekdayName,
  weekOrder,
} from './format.js';
import { clockDefaultsOf, firstAcceptedLanguage } from './settings.js';

// 2026-11-26 19:55 in Berlin (UTC+1).
const evening = Date.UTC(2026, 10, 26, 18, 55);
const morning = Date.UTC(2026, 10, 26, 6, 5);
const berlin = { timeZone: 'Europe/Berlin', timeFormat: '24h', dateFormat: 'dmy' } as const;
const us = { timeZone: 'Europe/Berlin', timeFormat: '12h', dateFormat: 'mdy' } as const;
const iso = { timeZone: 'Europe/Berlin', timeFormat: '24h', dateFormat: 'ymd' } as const;

describe('formatTime', () => {
  it('writes a time of day in the zone, 24 h with leading zeros or 12 h with AM/PM', () => {
    expect(formatTime(evening, berlin)).toBe('19:55');
    expect(formatTime(morning, berlin)).toBe('07:05');
    expect(formatTime(evening, us)).toBe('7:55 PM');
    expect(formatTime(morning, us)).toBe('7:05 AM');
    expect(formatTime(new Date(evening).toISOString(), { ...berlin, timeZone: 'UTC' })).toBe('18:55');
  });

  it('midnight and noon read 00:00/12:00 and 12:00 AM/12:00 PM', () => {
    const midnight = Date.UTC(2026, 10, 26, 23, 0);
    const noon = Date.UTC(2026, 10, 26, 11, 0);
    expect([formatTime(midnight, berlin), formatTime(noon, berlin)]).toEqual(['00:00', '12:00']);
    expect([formatTime(midnight, us), formatTime(noon, us)]).toEqual(['12:00 AM', '12:00 PM']);
  });

  it('spans and wall-clock times follow the same format', () => {
    expect(formatTimeRange(morning, evening, berlin)).toBe('07:05–19:55');
    expect(formatTimeRange(morning, evening, us)).toBe('7:05 AM–7:55 PM');
    expect(formatWallTime('19:30', us)).toBe('7:30 PM');
    expect(formatWallTime('07:00', berlin)).toBe('07:00');
  });
});

describe('formatDate, formatDay, formatDateTime', () => {
  it('order the parts as the workspace says', () => {
    expect([formatDate(evening, berlin), formatDate(evening, us), formatDate(evening, iso)]).toEqual([
      '26 Nov 2026',
      'Nov 26, 2026',
      '2026-11-26',
    ]);
    expect([formatDay(evening, berlin), formatDay(evening, us), formatDay(evening, iso)]).toEqual([
      'Thu, 26 Nov',
      'Thu, Nov 26',
      'Thu, 2026-11-26',
    ]);
    expect(formatDateTime(evening, us)).toBe('Nov 26, 2026, 7:55 PM');
  });

  it('write headings in the same order: a long day, a day with its year, a month and a range of days', () => {
    expect([formatLongDay(evening, berlin), formatLongDay(evening, us), formatLongDay(evening, iso)]).toEqual([
      'Thursday, 26 November 2026',
      'Thursday, November 26, 2026',
      'Thursday, 2026-11-26',
    ]);
    expect([formatDayWithYear(evening, berlin), formatDayWithYear(evening, us)]).toEqual([
      'Thu, 26 Nov 2026',
      'Thu, Nov 26, 2026',
    ]);
    expect([formatMonth(evening, berlin), formatMonth(evening, iso)]).toEqual(['November 2026', '2026-11']);
    const monday = Date.UTC(2026, 10, 23, 12);
    const sunday = Date.UTC(2026, 10, 29, 12);
    expect([
      formatDayRange(monday, sunday, berlin),
      formatDayRange(monday, sunday, us),
      formatDayRange(monday, sunday, iso),
    ]).toEqual(['23 Nov – 29 Nov 2026', 'Nov 23 – Nov 29, 2026', '2026-11-23 – 2026-11-29']);
    // Across New Year both ends carry their year.
    expect(formatDayRange(Date.UTC(2026, 11, 28, 12), Date.UTC(2027, 0, 3, 12), berlin)).toBe(
      '28 Dec 2026 – 3 Jan 2027',
    );
  });

  it('reads the day in the zone, not in UTC', () => {
    const lateInTokyo = Date.UTC(2026, 10, 26, 16, 0);
    expect(formatDate(lateInTokyo, { ...berlin, timeZone: 'Asia/Tokyo' })).toBe('27 Nov 2026');
  });
});

describe('clockDefaultsOf', () => {
  it("takes the hour cycle, date order and first weekday from the owner's locale", () => {
    expect(clockDefaultsOf('en-US')).toEqual({ timeFormat: '12h', dateFormat: 'mdy', weekStart: 0 });
    expect(clockDefaultsOf('en-GB')).toEqual({ timeFormat: '24h', dateFormat: 'dmy', weekStart: 1 });
    expect(clockDefaultsOf('de')).toEqual({ timeFormat: '24h', dateFormat: 'dmy', weekStart: 1 });
    expect(clockDefaultsOf('sv-SE')).toEqual({ timeFormat: '24h', dateFormat: 'ymd', weekStart: 1 });
  });

  it('an unknown, malformed or missing locale gives 24 h, day first, Monday', () => {
    const fallback = { timeFormat: '24h', dateFormat: 'dmy', weekStart: 1 };
    for (const locale of [undefined, '', 'not a locale', '12-34', 'x'.repeat(40)]) {
      expect(clockDefaultsOf(locale)).toEqual(fallback);
    }
  });

  it('firstAcceptedLanguage reads the first tag of an Accept-Language header', () => {
    expect(firstAcceptedLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(firstAcceptedLanguage('en-US')).toBe('en-US');
    expect(firstAcceptedLanguage('*')).toBeUndefined();
    expect(firstAcceptedLanguage(undefined)).toBeUndefined();
  });
});

describe('in German (docs/adr/0042-languages.md)', () => {
  const de = { ...berlin, language: 'de' } as const;

  it('writes weekdays and months in German, in the workspace’s order, with the day’s dot', () => {
    expect(formatDay(evening, de)).toBe('Do., 26. Nov.');
    expect(formatDate(evening, de)).toBe('26. Nov. 2026');
    expect(formatLongDay(evening, de)).toBe('Donnerstag, 26. November 2026');
    expect(formatMonth(evening, de)).toBe('November 2026');
    expect(formatDateTime(evening, de)).toBe('26. Nov. 2026, 19:55');
    expect(formatDayRange(Date.UTC(2026, 10, 23, 9), evening, de)).toBe('23. Nov. – 26. Nov. 2026');
    expect(formatDate(Date.UTC(2026, 2, 9, 9), de)).toBe('9. März 2026');
    // Year first stays numeric; month first keeps its order in any language.
    expect(formatDay(evening, { ...de, dateFormat: 'ymd' })).toBe('Do., 2026-11-26');
    expect(formatDate(evening, { ...de, dateFormat: 'mdy' })).toBe('Nov. 26, 2026');
  });

  it('keeps the workspace’s clock: 24 h, or 12 h when the workspace says so', () => {
    expect(formatTime(morning, de)).toBe('07:05');
    expect(formatTime(evening, { ...de, timeFormat: '12h' })).toBe('7:55 PM');
    expect(formatWallTime('17:30', { timeFormat: '24h', language: 'de' })).toBe('17:30');
  });

  it('falls back to English words for a language it has no names for', () => {
    expect(formatDay(evening, { ...berlin, language: 'zz' })).toBe('Thu, 26 Nov');
    expect(formatDay(evening, { ...berlin, language: 'en-XA' })).toBe('Thu, 26 Nov');
  });

  it('writes numbers, distances and relative times as the language does', () => {
    expect(formatDistance(12_440)).toBe('12.4 km');
    expect(formatDistance(12_440, 'de')).toBe('12,4 km');
    expect(formatDistance(128_400, 'de')).toBe('128 km');
    expect(formatDistance(850, 'de')).toBe('850 m');
    expect(formatNumber(1234.5, 'de', { maximumFractionDigits: 1 })).toBe('1234,5');
    expect(formatRelativeTime(-3, 'minute', 'de')).toBe('vor 3 Minuten');
    expect(formatRelativeTime(6, 'day')).toBe('in 6 days');
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatMinutes(90, 'de')).toBe('1 Std. 30 Min.');
    expect(formatMinutes(45, 'de')).toBe('45 Min.');
    expect(formatDuration(3900)).toBe('1 h 05 min');
    expect(formatDuration(3900, 'de')).toBe('1 Std. 5 Min.');
  });
});

describe('weeks', () => {
  it('start on the workspace’s first day: Monday first, or Sunday', () => {
    expect(weekOrder(1)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekOrder(0)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekOrder(1).map((d) => weekdayName(d, 'de'))).toEqual(['Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.', 'So.']);
    expect(weekOrder(0).map((d) => weekdayName(d, 'en', 'long'))[0]).toBe('Sunday');
  });
});

describe('across a change of the clocks', () => {
  // Europe/Berlin went from 02:00 CET to 03:00 CEST on 29 March 2026, and back on 25 October 2026.
  it('writes the wall-clock time on either side of the jump', () => {
    const before = Date.UTC(2026, 2, 29, 0, 59);
    const after = Date.UTC(2026, 2, 29, 1, 0);
    expect([formatTime(before, berlin), formatTime(after, berlin)]).toEqual(['01:59', '03:00']);
    expect(formatTimeRange(before, Date.UTC(2026, 2, 29, 2, 0), { ...berlin, language: 'de' })).toBe('01:59–04:00');
    expect(formatDay(after, { ...berlin, language: 'de' })).toBe('So., 29. März');
  });

  it('writes 02:30 twice on the night the clocks go back, an hour apart', () => {
    const first = Date.UTC(2026, 9, 25, 0, 30);
    const second = Date.UTC(2026, 9, 25, 1, 30);
    expect([formatTime(first, berlin), formatTime(second, berlin)]).toEqual(['02:30', '02:30']);
    expect(formatTime(second, us)).toBe('2:30 AM');
  });
});
