import { dayMs, icalDate, icalDateTime, instantToWall, parseRule, untilWall, wallToInstant } from '@fieldplan/shared';
import type { ExceptionRow, LoadedJob } from '../../jobs/presenter.js';
import { escapeText, serialise } from './ics-text.js';
import { vtimezoneLines } from './vtimezone.js';

export interface ExportOptions {
  zone: string;
  /** The calendar's name (X-WR-CALNAME). */
  name: string;
  /** A technician's feed: only what they are assigned to; null for every job. */
  memberId: string | null;
  /** The host part of UIDs (stable per install). */
  uidDomain: string;
}

const statusOf = (status: string) =>
  status === 'cancelled' ? 'CANCELLED' : status === 'unscheduled' ? 'TENTATIVE' : 'CONFIRMED';

const utc = (ms: number) => `${icalDateTime(ms)}Z`;

/** UNTIL as RFC 5545 wants it next to a TZID'd DTSTART: a UTC instant (a DATE for all-day series). */
function exportedRule(rrule: string, allDay: boolean, zone: string): string {
  const parsed = parseRule(rrule);
  if (!parsed.ok || !parsed.rule.until) return rrule;
  const wall = untilWall(parsed.rule, allDay, zone);
  if (wall === null) return rrule;
  const until = allDay ? icalDate(wall) : utc(wallToInstant(zone, wall));
  return rrule.replace(/UNTIL=[^;]*/i, `UNTIL=${until}`);
}

class Writer {
  readonly lines: string[] = [];
  constructor(private readonly zone: string) {}
  add(line: string) {
    this.lines.push(line);
  }
  text(name: string, value: string | null | undefined) {
    if (value) this.add(`${name}:${escapeText(value)}`);
  }
  /** DTSTART, DTEND, RECURRENCE-ID, EXDATE: a DATE for all-day, else wall time in the workspace zone. */
  time(name: string, ms: number, allDay: boolean) {
    if (allDay) this.add(`${name};VALUE=DATE:${icalDate(ms)}`);
    else this.add(`${name};TZID=${this.zone}:${icalDateTime(instantToWall(this.zone, ms))}`);
  }
}

interface EventTimes {
  uid: string;
  start: number;
  end: number;
  status: string;
  recurrenceId?: number;
}

function writeEvent(w: Writer, job: LoadedJob, times: EventTimes, extra: (w: Writer) => void) {
  const { row } = job;
  const allDay = Number(row.all_day) === 1;
  w.add('BEGIN:VEVENT');
  w.add(`UID:${times.uid}`);
  w.add(`DTSTAMP:${utc(Number(row.updated_at))}`);
  w.add(`SEQUENCE:${Number(row.version)}`);
  if (times.recurrenceId !== undefined) w.time('RECURRENCE-ID', times.recurrenceId, allDay);
  w.time('DTSTART', times.start, allDay);
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

const assigneesOf = (e: ExceptionRow): string[] | null => (e.assignee_ids === null ? null : JSON.parse(e.assignee_ids));

function writeJob(w: Writer, job: LoadedJob, options: ExportOptions) {
  const { row } = job;
  const allDay = Number(row.all_day) === 1;
  const uid = `${row.id}@${options.uidDomain}`;
  const start = Number(row.start_at);
  const end = Number(row.end_at);
  const member = options.memberId;
  const mine = (ids: readonly string[]) => member === null || ids.includes(member);
  if (!row.rrule) {
    if (mine(job.assigneeIds)) writeEvent(w, job, { uid, start, end, status: row.status }, () => {});
    return;
  }
  const seriesMine = mine(job.assigneeIds);
  const duration = end - start;
  const exdates: number[] = [];
  const overrides: EventTimes[] = [];
  for (const e of job.exceptions) {
    const key = Number(e.occurrence_key);
    const forMe = mine(assigneesOf(e) ?? job.assigneeIds);
    if (e.kind === 'cancelled' || (!forMe && seriesMine)) {
      if (seriesMine) exdates.push(key);
      continue;
    }
    if (!forMe) continue;
    const times = {
      start: e.start_at === null ? key : Number(e.start_at),
      end: e.end_at === null ? key + duration : Number(e.end_at),
      status: e.status ?? row.status,
    };
    // An occurrence handed to this technician out of someone else's series stands alone.
    overrides.push(
      seriesMine ? { ...times, uid, recurrenceId: key } : { ...times, uid: `${row.id}-${key}@${options.uidDomain}` },
    );
  }
  if (seriesMine) {
    writeEvent(w, job, { uid, start, end, status: row.status }, (x) => {
      x.add(`RRULE:${exportedRule(row.rrule ?? '', allDay, options.zone)}`);
      for (const key of exdates) x.time('EXDATE', key, allDay);
    });
  }
  for (const o of overrides) writeEvent(w, job, o, () => {});
}

/** The span the VTIMEZONE must cover: every exported time, with a year either side for clients' lookahead. */
function spanOf(jobs: readonly LoadedJob[]): { from: number; to: number } {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const { row } of jobs) {
    from = Math.min(from, Number(row.span_start_at ?? row.start_at));
    to = Math.max(to, Number(row.span_end_at ?? row.end_at));
  }
  if (!Number.isFinite(from)) from = to = Date.now();
  return { from: from - 366 * dayMs, to: to + 366 * dayMs };
}

/** The jobs as an RFC 5545 calendar (VTIMEZONE of the workspace zone, one VEVENT per job or override). */
export function exportCalendar(jobs: readonly LoadedJob[], options: ExportOptions): string {
  const w = new Writer(options.zone);
  w.add('BEGIN:VCALENDAR');
  w.add('VERSION:2.0');
  w.add('PRODID:-//Fieldplan//Fieldplan//EN');
  w.add('CALSCALE:GREGORIAN');
  w.add('METHOD:PUBLISH');
  w.text('X-WR-CALNAME', options.name);
  w.add(`X-WR-TIMEZONE:${options.zone}`);
  const { from, to } = spanOf(jobs);
  for (const line of vtimezoneLines(options.zone, from, to)) w.add(line);
  for (const job of jobs) writeJob(w, job, options);
  w.add('END:VCALENDAR');
  return serialise(w.lines);
}
