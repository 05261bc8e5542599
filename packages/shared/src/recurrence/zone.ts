import { dayMs, minuteMs } from './dates.js';

/**
 * Time-zone offsets with a cache, because `Intl.DateTimeFormat#formatToParts` costs microseconds
 * per call and expanding a year of a thousand series needs ~100,000 conversions. Each UTC day is
 * looked up once per zone: its offset, or — on the day of a DST change — the offsets before and
 * after and the minute it changes. Real zones never change twice within 24 hours.
 */
type DayEntry = { before: number; after: number; at: number };

interface ZoneCache {
  formatter: Intl.DateTimeFormat;
  boundaries: Map<number, number>;
  days: Map<number, DayEntry>;
  lastDay: number;
  lastEntry: DayEntry | null;
}

const zones = new Map<string, ZoneCache>();
const maxCachedDays = 50_000;

let lastZone = '';
let lastCache: ZoneCache | null = null;

function zoneCache(zone: string): ZoneCache {
  if (zone === lastZone && lastCache) return lastCache;
  let cache = zones.get(zone);
  if (!cache) {
    // Throws a RangeError for an unknown zone: callers validate zones before expanding.
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    cache = { formatter, boundaries: new Map(), days: new Map(), lastDay: Number.NaN, lastEntry: null };
    zones.set(zone, cache);
  }
  lastZone = zone;
  lastCache = cache;
  return cache;
}

/** The offset straight from Intl (slow path). */
function intlOffset(formatter: Intl.DateTimeFormat, ms: number): number {
  const at = Math.floor(ms / 1000) * 1000;
  const f = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const part of formatter.formatToParts(at)) {
    if (part.type in f) f[part.type as keyof typeof f] = Number(part.value);
  }
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - at;
}

function boundaryOffset(cache: ZoneCache, day: number): number {
  let offset = cache.boundaries.get(day);
  if (offset === undefined) {
    offset = intlOffset(cache.formatter, day * dayMs);
    cache.boundaries.set(day, offset);
  }
  return offset;
}

function dayEntry(cache: ZoneCache, day: number): DayEntry {
  if (day === cache.lastDay && cache.lastEntry) return cache.lastEntry;
  let entry = cache.days.get(day);
  if (!entry) {
    if (cache.days.size > maxCachedDays) {
      cache.days.clear();
      cache.boundaries.clear();
    }
    const before = boundaryOffset(cache, day);
    const after = boundaryOffset(cache, day + 1);
    let at = (day + 1) * dayMs;
    if (before !== after) {
      // Binary search for the first minute with the new offset.
      let lo = day * dayMs;
      let hi = at;
      while (hi - lo > minuteMs) {
        const mid = lo + Math.floor((hi - lo) / 2 / minuteMs) * minuteMs;
        if (intlOffset(cache.formatter, mid) === before) lo = mid;
        else hi = mid;
      }
      at = hi;
    }
    entry = { before, after, at };
    cache.days.set(day, entry);
  }
  cache.lastDay = day;
  cache.lastEntry = entry;
  return entry;
}

/** The zone's offset from UTC (ms, local − UTC) at the instant `ms`. */
export function zoneOffset(zone: string, ms: number): number {
  const entry = dayEntry(zoneCache(zone), Math.floor(ms / dayMs));
  return ms < entry.at ? entry.before : entry.after;
}

/** The local wall-clock time of an instant, as epoch ms whose UTC fields are the local fields. */
export function instantToWall(zone: string, ms: number): number {
  return ms + zoneOffset(zone, ms);
}

/**
 * The instant of a local wall-clock time (held as UTC fields). A time skipped by a DST gap is
 * read with the offset before the gap (02:30 → 03:30 CEST); a repeated one is the first (RFC 5545).
 */
export function wallToInstant(zone: string, wall: number): number {
  const before = zoneOffset(zone, wall - dayMs);
  const after = zoneOffset(zone, wall + dayMs);
  if (before === after) return wall - before;
  const early = wall - before;
  const late = wall - after;
  const earlyValid = zoneOffset(zone, early) === before;
  const lateValid = zoneOffset(zone, late) === after;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (lateValid) return late;
  return early;
}

/** Drops cached offsets (tests measure cold conversions). */
export function clearZoneCache(): void {
  zones.clear();
  lastCache = null;
}
