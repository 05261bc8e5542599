import { describe, expect, it } from 'vitest';
import { clearZoneCache, instantToWall, wallToInstant, zoneOffset } from './zone.js';

const utc = (iso: string) => Date.parse(iso);
const hour = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The offset straight from Intl, uncached (the reference). */
function reference(zone: string, ms: number): number {
  const formatter =
    formatters.get(zone) ??
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  formatters.set(zone, formatter);
  const parts = formatter.formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const at = Math.floor(ms / 1000) * 1000;
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - at;
}

describe('zone offsets (cached)', () => {
  const zones = [
    'Europe/Berlin',
    'America/New_York',
    'America/Sao_Paulo',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Asia/Kolkata',
    'UTC',
  ];

  it('agree with Intl for 20,000 pseudo-random instants from 2020 to 2032', () => {
    clearZoneCache();
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = utc('2020-01-01T00:00:00Z');
    const span = utc('2032-01-01T00:00:00Z') - from;
    for (let i = 0; i < 20_000; i++) {
      const zone = zones[i % zones.length] ?? 'UTC';
      const ms = from + Math.floor(random() * span);
      expect(zoneOffset(zone, ms), `${zone} at ${new Date(ms).toISOString()}`).toBe(reference(zone, ms));
    }
  });

  it('change at the exact minute of a DST transition', () => {
    // Berlin: 2026-03-29 01:00Z (+1 → +2) and 2026-10-25 01:00Z (+2 → +1).
    expect(zoneOffset('Europe/Berlin', utc('2026-03-29T00:59:59Z'))).toBe(1 * hour);
    expect(zoneOffset('Europe/Berlin', utc('2026-03-29T01:00:00Z'))).toBe(2 * hour);
    expect(zoneOffset('Europe/Berlin', utc('2026-10-25T00:59:59Z'))).toBe(2 * hour);
    expect(zoneOffset('Europe/Berlin', utc('2026-10-25T01:00:00Z'))).toBe(1 * hour);
    // Lord Howe shifts by half an hour (+11 → +10:30 on 2026-04-05 02:00 local = 15:00Z).
    expect(zoneOffset('Australia/Lord_Howe', utc('2026-04-04T14:59:00Z'))).toBe(11 * hour);
    expect(zoneOffset('Australia/Lord_Howe', utc('2026-04-04T15:00:00Z'))).toBe(10.5 * hour);
  });

  it('convert wall-clock times to instants across DST, gaps and repeats as RFC 5545 says', () => {
    const wall = (y: number, mo: number, d: number, h: number, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);
    const at = (w: number) => new Date(wallToInstant('Europe/Berlin', w)).toISOString();
    expect(at(wall(2026, 3, 28, 9))).toBe('2026-03-28T08:00:00.000Z');
    expect(at(wall(2026, 3, 29, 9))).toBe('2026-03-29T07:00:00.000Z');
    expect(at(wall(2026, 10, 24, 9))).toBe('2026-10-24T07:00:00.000Z');
    expect(at(wall(2026, 10, 25, 9))).toBe('2026-10-25T08:00:00.000Z');
    // 02:30 does not exist on 29 March: read with the offset before the gap (= 03:30 CEST).
    expect(at(wall(2026, 3, 29, 2, 30))).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October: the first one (CEST).
    expect(at(wall(2026, 10, 25, 2, 30))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trip instants through wall time', () => {
    for (const zone of zones) {
      for (let ms = utc('2026-01-01T00:00:00Z'); ms < utc('2027-01-01T00:00:00Z'); ms += 7 * hour + 13 * 60_000) {
        const back = wallToInstant(zone, instantToWall(zone, ms));
        // Only the repeated hour of a fall-back maps to its first instance.
        if (back !== ms) expect(instantToWall(zone, back)).toBe(instantToWall(zone, ms));
      }
    }
  });

  it('throw for an unknown zone', () => {
    expect(() => zoneOffset('Mars/Olympus_Mons', 0)).toThrow(RangeError);
  });
});
