import { dayMs } from '@fieldplan/shared';
import type { LoadedJob } from '../../jobs/index.js';

import { serialise } from './ics-text.js';
import { writeSeries } from './series.js';
import { vtimezoneLines, zoneTransitions } from './vtimezone.js';
import { Writer, writeEvent } from './writer.js';

export interface ExportOptions {
  zone: string;
  /** The calendar's name (X-WR-CALNAME). */
  name: string;
  /** A technician's feed: only what they are assigned to; null for every job. */
  memberId: string | null;
  /** The host part of UIDs (stable per install). */
  uidDomain: string;
}

function writeJob(w: Writer, job: LoadedJob, options: ExportOptions) {
  const { row } = job;
  if (row.rrule) {
    writeSeries(w, job, options.memberId, options.uidDomain);
    return;
  }
  const member = options.memberId;
  if (member !== null && !job.assigneeIds.includes(member)) return;
  const uid = `${row.id}@${options.uidDomain}`;
  writeEvent(w, job, { uid, start: Number(row.start_at), end: Number(row.end_at), status: row.status }, () => {});
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
  const { from, to } = spanOf(jobs);
  const w = new Writer(options.zone, zoneTransitions(options.zone, from, to));
  w.add('BEGIN:VCALENDAR');
  w.add('VERSION:2.0');
  w.add('PRODID:-//Fieldplan//Fieldplan//EN');
  w.add('CALSCALE:GREGORIAN');
  w.add('METHOD:PUBLISH');
  w.text('X-WR-CALNAME', options.name);
  w.add(`X-WR-TIMEZONE:${options.zone}`);
  for (const line of vtimezoneLines(options.zone, from, to)) w.add(line);
  for (const job of jobs) writeJob(w, job, options);
  w.add('END:VCALENDAR');
  return serialise(w.lines);
}
