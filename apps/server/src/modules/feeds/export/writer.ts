import { icalDate, icalDateTime, instantToWall, parseRule, untilWall, wallToInstant } from '@fieldplan/shared';
import type { LoadedJob } from '../../jobs/index.js';

import { escapeText } from './ics-text.js';
import { clearWallOf, ruleWallOf } from './local-times.js';
import type { Transition } from './vtimezone.js';

// The content lines of VEVENTs: times in the workspace zone (or UTC where a DST change makes the
// wall time unclear), and the job's text, place and status.

const statusOf = (status: string) =>
  status === 'cancelled' ? 'CANCELLED' : status === 'unscheduled' ? 'TENTATIVE' : 'CONFIRMED';

export const utc = (ms: number) => `${icalDateTime(ms)}Z`;

/** UNTIL as RFC 5545 wants it next to a TZID'd DTSTART: a UTC instant (a DATE for all-day series). */
export function exportedRule(rrule: string, allDay: boolean, zone: string): string {
  const parsed = parseRule(rrule);
  if (!parsed.ok || !parsed.rule.until) return rrule;
  const wall = untilWall(parsed.rule, allDay, zone);
  if (wall === null) return rrule;
  const until = allDay ? icalDate(wall) : utc(wallToInstant(zone, wall));
  return rrule.replace(/UNTIL=[^;]*/i, `UNTIL=${until}`);
}

export class Writer {
  readonly lines: string[] = [];
  constructor(
    readonly zone: string,
    /** The zone's offset changes over the exported span (those the VTIMEZONE lists). */
    readonly transitions: readonly Transition[],
  ) {}
  add(line: string) {
    this.lines.push(line);
  }
  text(name: string, value: string | null | undefined) {
    if (value) this.add(`${name}:${escapeText(value)}`);
  }
  /**
   * DTSTART, DTEND: a DATE for all-day, else wall time in the workspace zone — or UTC where that
   * wall time is skipped or repeated by a DST change, which apps read differently (local-times.ts).
   */
  time(name: string, ms: number, allDay: boolean) {
    const wall = allDay ? null : clearWallOf(this.zone, ms);
    if (allDay) this.add(`${name};VALUE=DATE:${icalDate(ms)}`);
    else if (wall === null) this.add(`${name}:${utc(ms)}`);
    else this.add(`${name};TZID=${this.zone}:${icalDateTime(wall)}`);
  }
  /**
   * A series' DTSTART and its occurrences' EXDATE and RECURRENCE-ID: always the wall time the rule
   * runs on (an RRULE on a UTC DTSTART would drift by an hour across DST), in the same form as
   * DTSTART as RFC 5545 wants. `wallStart` is the series' DTSTART wall time.
   */
  ruleTime(name: string, key: number, allDay: boolean, wallStart: number) {
    if (allDay) this.add(`${name};VALUE=DATE:${icalDate(key)}`);
    else this.add(`${name};TZID=${this.zone}:${icalDateTime(ruleWallOf(this.zone, key, wallStart))}`);
  }
}

export interface EventTimes {
  uid: string;
  start: number;
  end: number;
  status: string;
  /** The series' master (its DTSTART is the wall time its RRULE runs on). */
  series?: boolean;
  /** An override's occurrence key, and the wall time of its series' DTSTART. */
  recurrenceId?: { key: number; wallStart: number };
}

export function writeEvent(w: Writer, job: LoadedJob, times: EventTimes, extra: (w: Writer) => void) {
  const { row } = job;
  const allDay = Number(row.all_day) === 1;
  w.add('BEGIN:VEVENT');
  w.add(`UID:${times.uid}`);
  w.add(`DTSTAMP:${utc(Number(row.updated_at))}`);
  w.add(`SEQUENCE:${Number(row.version)}`);
  const id = times.recurrenceId;
  if (id !== undefined) w.ruleTime('RECURRENCE-ID', id.key, allDay, id.wallStart);
  if (times.series) w.ruleTime('DTSTART', times.start, allDay, instantToWall(w.zone, times.start));
  else w.time('DTSTART', times.start, allDay);
  w.time('DTEND', times.end, allDay);
  extra(w);
  w.text('SUMMARY', row.customer_name ? `${row.title} (${row.customer_name})` : row.title);
  w.text('DESCRIPTION', row.description);
  w.text('LOCATION', row.address);
  if (row.lat !== null && row.lng !== null) w.add(`GEO:${Number(row.lat)};${Number(row.lng)}`);
  w.add(`STATUS:${statusOf(times.status)}`);
  w.add(`CREATED:${utc(Number(row.created_at))}`);
  w.add(`LAST-MODIFIED:${utc(Number(row.updated_at))}`);
  w.add('END:VEVENT');
}
