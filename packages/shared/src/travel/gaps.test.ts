import { describe, expect, it } from 'vitest';
import { dayDrives, gapMsOf, isTooShort, roundTenth } from './gaps.js';

const home = { lat: 52.5, lng: 13.4 };
const a = { lat: 52.52, lng: 13.4 };
const b = { lat: 52.56, lng: 13.4 };
const min = 60_000;
const at = (h: number, m = 0) => Date.UTC(2030, 2, 5, h, m);

describe('travel gaps: the drives of a day', () => {
  it('chains the visits in time order, the first from the home base', () => {
    const drives = dayDrives(home, [
      { id: 'late', start: at(11), end: at(12), point: b },
      { id: 'early', start: at(9), end: at(10), point: a },
    ]);
    expect(drives).toEqual([
      { fromId: null, toId: 'early', from: home, to: a, gapStart: null, gapEnd: at(9) },
      { fromId: 'early', toId: 'late', from: a, to: b, gapStart: at(10), gapEnd: at(11) },
    ]);
    expect(drives.map(gapMsOf)).toEqual([null, 60 * min]);
  });

  it('without a home base the day starts at its first visit', () => {
    const drives = dayDrives(null, [
      { id: 'x', start: at(9), end: at(10), point: a },
      { id: 'y', start: at(10, 5), end: at(11), point: b },
    ]);
    expect(drives.map((d) => [d.fromId, d.toId])).toEqual([['x', 'y']]);
  });

  it('a visit without a site gets no drive; the next drives from the last place known, after it ends', () => {
    const drives = dayDrives(home, [
      { id: 'x', start: at(9), end: at(10), point: a },
      { id: 'phone', start: at(10), end: at(11), point: null },
      { id: 'y', start: at(11, 30), end: at(12), point: b },
    ]);
    expect(drives.map((d) => [d.fromId, d.toId, gapMsOf(d)])).toEqual([
      [null, 'x', null],
      ['x', 'y', 30 * min],
    ]);
  });

  it('the gap runs from the latest end before, and is 0 when visits overlap', () => {
    const drives = dayDrives(null, [
      { id: 'long', start: at(9), end: at(12), point: a },
      { id: 'inside', start: at(10), end: at(11), point: a },
      { id: 'after', start: at(11, 30), end: at(13), point: b },
    ]);
    expect(drives.map((d) => [d.fromId, d.toId, gapMsOf(d)])).toEqual([
      ['long', 'inside', 0],
      ['inside', 'after', 0],
    ]);
  });

  it('equal starts chain by end, then id, whatever order they come in', () => {
    const visits = [
      { id: 'b', start: at(9), end: at(10), point: a },
      { id: 'a', start: at(9), end: at(10), point: b },
      { id: 'c', start: at(9), end: at(9, 30), point: home },
    ];
    const order = (list: typeof visits) => dayDrives(null, list).map((d) => d.toId);
    expect(order(visits)).toEqual(['a', 'b']);
    expect(order([...visits].reverse())).toEqual(['a', 'b']);
  });

  it('is too short when the gap is less than the drive as answered (0.1 min)', () => {
    expect(isTooShort(5 * min, 12)).toBe(true);
    expect(isTooShort(12 * min, 12)).toBe(false);
    expect(isTooShort(12 * min - 1, 12)).toBe(true);
    expect(isTooShort(0, 0)).toBe(false);
    expect(isTooShort(null, 30)).toBe(false);
    expect(roundTenth(12.345)).toBe(12.3);
  });
});
