import {
  dayMs,
  instantToWall,
  occurrencesBetween,
  type SeriesTiming,
  wallToInstant,
  zoneOffset,
} from '@fieldplan/shared';
import type { Transition } from './vtimezone.js';

// Local times that calendar apps read differently. Around a DST change a wall-clock time is either
// skipped (spring: 02:30 in Berlin on 29 March 2026 never happens) or repeated (autumn: 02:30 on
// 25 October 2026 happens at 00:30Z and at 01:30Z). RFC 5545 reads such a TZID time as the first of
// the two, or with the offset before the gap — but apps differ (ical.js, for one, takes the later
// offset in both cases), so an export that writes these times locally puts jobs an hour off.

const timeOfDay = (wall: number) => ((wall % dayMs) + dayMs) % dayMs;

/** The offsets under which `wall` names a real instant: one (clear), none (skipped) or two (repeated). */
function offsetsOf(zone: string, wall: number): number[] {
  const candidates = new Set([zoneOffset(zone, wall - dayMs), zoneOffset(zone, wall + dayMs)]);
  return [...candidates].filter((offset) => zoneOffset(zone, wall - offset) === offset);
}

/** True when a wall time of the zone names exactly one instant. */
export const isClearWall = (zone: string, wall: number) => offsetsOf(zone, wall).length === 1;

/** The instant's wall time in the zone when that wall time names it and nothing else, else null. */
export function clearWallOf(zone: string, ms: number): number | null {
  // No change of offset within a day either side: the wall time is clear (nearly every time).
  const before = zoneOffset(zone, ms - dayMs);
  if (before === zoneOffset(zone, ms + dayMs)) return ms + before;
  const wall = instantToWall(zone, ms);
  return isClearWall(zone, wall) ? wall : null;
}

/**
 * The wall time a series' rule gave an occurrence whose start is `key`. The rule runs on wall time
 * (every occurrence at the time of day of the series' start, `wallStart`) and a skipped time becomes
 * the instant with the offset before the gap (02:30 → 01:30Z, which is 03:30 CEST), so for those
 * the rule's own 02:30 is returned, not 03:30. EXDATE and RECURRENCE-ID must name this wall time to
 * match the occurrence an app expands from the rule.
 */
export function ruleWallOf(zone: string, key: number, wallStart: number): number {
  const beforeGap = key + zoneOffset(zone, key - dayMs);
  const skipped = beforeGap !== instantToWall(zone, key) && wallToInstant(zone, beforeGap) === key;
  return skipped && timeOfDay(beforeGap) === timeOfDay(wallStart) ? beforeGap : instantToWall(zone, key);
}

/**
 * The keys of the series' occurrences whose rule wall time is skipped or repeated, near the zone's
 * `transitions` (those of the VTIMEZONE's span, outside of which an app sees no change of offset).
 */
export function unclearOccurrences(series: SeriesTiming, zone: string, transitions: readonly Transition[]): number[] {
  const keys: number[] = [];
  const wallStart = instantToWall(zone, series.start);
  for (const t of transitions) {
    const width = Math.abs(t.to - t.from);
    // The rule's wall times share the start's time of day: most series never meet the unclear hour.
    const unclearFrom = timeOfDay(t.at + Math.min(t.from, t.to));
    const at = timeOfDay(wallStart);
    const meets = (at >= unclearFrom && at < unclearFrom + width) || at + dayMs < unclearFrom + width;
    if (!meets || t.at + width <= series.start) continue;
    for (const o of occurrencesBetween(series, zone, t.at - width, t.at + width)) {
      if (o.key >= t.at - width && o.key < t.at + width && !isClearWall(zone, ruleWallOf(zone, o.key, wallStart)))
        keys.push(o.key);
    }
  }
  return keys;
}
