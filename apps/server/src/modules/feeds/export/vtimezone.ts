import { dayMs, icalDateTime, minuteMs, zoneOffset } from '@fieldplan/shared';

/** A change of the zone's offset: the instant, and the offsets before and after (ms). */
export interface Transition {
  at: number;
  from: number;
  to: number;
}

/** Every offset change of an IANA zone within [from, to), found day by day and to the minute. */
export function zoneTransitions(zone: string, from: number, to: number): Transition[] {
  const out: Transition[] = [];
  let day = Math.floor(from / dayMs) * dayMs;
  let before = zoneOffset(zone, day);
  for (; day < to; day += dayMs) {
    const after = zoneOffset(zone, day + dayMs);
    if (after !== before) {
      let lo = day;
      let hi = day + dayMs;
      while (hi - lo > minuteMs) {
        const mid = lo + Math.floor((hi - lo) / 2 / minuteMs) * minuteMs;
        if (zoneOffset(zone, mid) === before) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, from: before, to: after });
      before = after;
    }
  }
  return out;
}

function offsetText(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const minutes = Math.abs(ms) / minuteMs;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${sign}${hh}${mm}`;
}

function observance(kind: 'STANDARD' | 'DAYLIGHT', wallStart: number, from: number, to: number): string[] {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${icalDateTime(wallStart)}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    `END:${kind}`,
  ];
}

/**
 * A VTIMEZONE for an IANA zone covering [from, to): the offset in force at `from`, then one dated
 * observance per transition (DTSTART in the local time before it, as RFC 5545 §3.6.5 wants). No
 * RRULEs, so it is exact for the span even where a zone's rules changed.
 */
export function vtimezoneLines(zone: string, from: number, to: number): string[] {
  const initial = zoneOffset(zone, from);
  const transitions = zoneTransitions(zone, from, to);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, `X-LIC-LOCATION:${zone}`];
  const startWall = Math.floor((from + initial) / dayMs) * dayMs;
  const firstIsDaylight = transitions[0] !== undefined && transitions[0].to < transitions[0].from;
  lines.push(...observance(firstIsDaylight ? 'DAYLIGHT' : 'STANDARD', startWall, initial, initial));
  for (const t of transitions) {
    lines.push(...observance(t.to > t.from ? 'DAYLIGHT' : 'STANDARD', t.at + t.from, t.from, t.to));
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
