import {
  allOccurrences,
  instantToWall,
  type JobStatus,
  movedTimes,
  occurrenceState,
  type SeriesTiming,
} from '@fieldplan/shared';
import { exceptionDraftOf, type LoadedJob } from '../../jobs/index.js';

import { unclearOccurrences } from './local-times.js';
import type { Transition } from './vtimezone.js';
import { type EventTimes, exportedRule, type Writer, writeEvent } from './writer.js';

/** A run of a series' occurrences written as one VEVENT with an RRULE. */
interface Part {
  uid: string;
  start: number;
  rrule: string;
}

/** The rule with COUNT = `count` in place of its COUNT or UNTIL. */
const withCount = (rrule: string, count: number) =>
  `${rrule
    .split(';')
    .filter((p) => !/^(COUNT|UNTIL)=/i.test(p))
    .join(';')};COUNT=${count}`;

/**
 * The series cut around its unclear occurrences (local-times.ts): apps expand a rule's skipped or
 * repeated wall time to different instants, and match EXDATE and RECURRENCE-ID there differently
 * too (ical.js reads a repeated 02:30 as the later one and skips only one EXDATE per occurrence;
 * node-ical expands it to the earlier but reads a TZID 02:30 as the later). So the rule never meets
 * such a time: each run between them is its own VEVENT with the same rule and a COUNT of its
 * occurrences, and the unclear ones are written alone, in UTC. A series without any stays one VEVENT.
 */
function partsOf(
  timing: SeriesTiming,
  zone: string,
  transitions: readonly Transition[],
  uid: string,
  laterUid: (key: number) => string,
) {
  const unclear = new Set(unclearOccurrences(timing, zone, transitions));
  if (unclear.size === 0)
    return { unclear, parts: [{ uid, start: timing.start, rrule: exportedRule(timing.rrule, timing.allDay, zone) }] };
  const parts: (Part & { count: number })[] = [];
  let current: (Part & { count: number }) | null = null;
  for (const { key } of allOccurrences(timing, zone)) {
    if (unclear.has(key)) {
      current = null;
      continue;
    }
    if (!current) {
      current = {
        uid: key === timing.start ? uid : laterUid(key),
        start: key,
        rrule: '',
        count: 0,
      };
      parts.push(current);
    }
    current.count++;
  }
  return {
    unclear,
    parts: parts.map((p) => ({ uid: p.uid, start: p.start, rrule: withCount(timing.rrule, p.count) })),
  };
}

/**
 * A recurring job: its runs with EXDATE for cancelled occurrences and RECURRENCE-ID overrides for
 * changed ones, for every job (`member` null) or a technician's share of it.
 */
export function writeSeries(w: Writer, job: LoadedJob, member: string | null, uidDomain: string) {
  const { row } = job;
  const allDay = Number(row.all_day) === 1;
  const start = Number(row.start_at);
  const end = Number(row.end_at);
  const duration = end - start;
  const uid = `${row.id}@${uidDomain}`;
  const standalone = (key: number) => `${row.id}-${key}@${uidDomain}`;
  const mine = (ids: readonly string[]) => member === null || ids.includes(member);
  const seriesMine = mine(job.assigneeIds);
  const timing = { start, end, allDay, rrule: row.rrule ?? '' };
  const { unclear, parts } = seriesMine
    ? partsOf(timing, w.zone, allDay ? [] : w.transitions, uid, (key) => `${row.id}-from-${key}@${uidDomain}`)
    : { unclear: new Set<number>(), parts: [] };
  // The run an occurrence belongs to: the last one starting at or before it.
  const partOf = (key: number) => parts.filter((p) => p.start <= key).at(-1) ?? parts[0];
  const wallStart = instantToWall(w.zone, start);
  const exdates = new Map<Part, number[]>(parts.map((p) => [p, []]));
  const overrides: EventTimes[] = [];
  const excepted = new Set<number>();
  // The occurrences' technicians, status and times are the schedule model's, as the calendar shows them.
  const series = { status: row.status as JobStatus, assigneeIds: job.assigneeIds };
  for (const e of job.exceptions.map(exceptionDraftOf)) {
    const { key } = e;
    excepted.add(key);
    const visit = occurrenceState(series, e);
    const forMe = mine(visit.assigneeIds);
    const part = partOf(key);
    if (e.kind === 'cancelled' || (!forMe && seriesMine)) {
      if (part && !unclear.has(key)) exdates.get(part)?.push(key);
      continue;
    }
    if (!forMe) continue;
    const { start: from, end: until } = movedTimes(timing, e);
    const times = { start: from, end: until, status: visit.status };
    // An occurrence handed to this technician out of someone else's series, or at an unclear
    // time, stands alone.
    if (!part || unclear.has(key)) overrides.push({ ...times, uid: standalone(key) });
    else overrides.push({ ...times, uid: part.uid, recurrenceId: { key, wallStart } });
  }
  for (const key of unclear) {
    if (!excepted.has(key)) {
      const { status } = occurrenceState(series, null);
      overrides.push({ uid: standalone(key), start: key, end: key + duration, status });
    }
  }
  for (const part of parts) {
    const times = { uid: part.uid, start: part.start, end: part.start + duration, status: row.status, series: true };
    writeEvent(w, job, times, (x) => {
      x.add(`RRULE:${part.rrule}`);
      for (const key of exdates.get(part) ?? []) x.ruleTime('EXDATE', key, allDay, wallStart);
    });
  }
  for (const o of overrides) writeEvent(w, job, o, () => {});
}
