import { type JobChange, minuteMs, type OptimiseDayApply, parseInstant } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import {
  checkJobVersion,
  draftOf,
  exceptionDraftOf,
  type LoadedJob,
  loadJob,
  presentJob,
  saveJob,
} from '../jobs/index.js';
import { type DayVisit, loadTechnicianDay, localTime, type TechnicianDay } from './optimise-day.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  notFlexible: { id: 'problems.optimise.notFlexibleVisit' },
  twice: { id: 'problems.optimise.listedTwice' },
  start: { id: 'problems.optimise.start' },
  end: { id: 'problems.optimise.end' },
  length: { id: 'problems.optimise.keepLength' },
  window: { id: 'problems.optimise.insideWindow' },
  workingDay: { id: 'problems.optimise.notWorkingDay' },
  hours: { id: 'problems.optimise.insideHours' },
  overlap: { id: 'problems.optimise.overlap' },
});

// `POST …/optimise-day`: the visits of a previewed plan get their new times, all or none.
// Each one must still be a flexible visit of that technician and date at the version the plan saw
// (else 412 for the whole apply), keep its length, stay in its window and the working hours, and
// overlap no other visit of the technician. Each change is written and published as a time patch is.

interface Move {
  n: number;
  visit: DayVisit;
  job: LoadedJob;
  start: number;
  end: number;
}

const path = (n: number, field: 'jobId' | 'start' | 'end') => `visits.${n}.${field}`;

export async function applyOptimisedDay(
  db: Kysely<Database>,
  actor: Actor,
  body: OptimiseDayApply,
): Promise<JobChange> {
  return db.transaction().execute(async (trx) => {
    const day = await loadTechnicianDay(trx, actor, body.memberId, body.date);
    const jobs = await Promise.all(body.visits.map((v) => loadJob(trx, actor.workspaceId, v.jobId)));
    // A stale version anywhere refuses the whole plan first: it was made against another day.
    body.visits.forEach((v, n) => {
      const job = jobs[n];
      if (job) checkJobVersion(job, v.version);
    });
    const flexible = new Map(day.visits.filter((v) => v.window !== null).map((v) => [v.jobId, v]));
    const seen = new Set<string>();
    const moves = body.visits.map((v, n): Move => {
      const visit = flexible.get(v.jobId);
      const job = jobs[n];
      if (!visit || !job) {
        throw fieldError(path(n, 'jobId'), text(refusals.notFlexible, { date: day.date }));
      }
      if (seen.has(v.jobId)) throw fieldError(path(n, 'jobId'), text(refusals.twice));
      seen.add(v.jobId);
      const start = parseInstant(v.start);
      const end = parseInstant(v.end);
      if (start === null) throw fieldError(path(n, 'start'), text(refusals.start));
      if (end === null) throw fieldError(path(n, 'end'), text(refusals.end));
      checkTimes(day, visit, n, start, end);
      return { n, visit, job, start, end };
    });
    checkOverlaps(day, moves);

    const saved: LoadedJob[] = [];
    for (const move of moves) {
      if (move.start === move.visit.start && move.end === move.visit.end) continue;
      const { job } = move;
      saved.push(
        await saveJob(trx, actor, day.zone, {
          id: job.row.id,
          draft: { ...draftOf(job), start: move.start, end: move.end },
          expected: Number(job.row.version),
          exceptions: job.exceptions.map(exceptionDraftOf),
          exceptionsChanged: false,
          assigneesChanged: false,
        }),
      );
    }
    return { jobs: saved.map(presentJob), deletedIds: [] };
  });
}

/** The same length, inside the window and inside the working hours of the day. */
function checkTimes(day: TechnicianDay, visit: DayVisit, n: number, start: number, end: number): void {
  const at = path(n, 'start');
  const minutes = (visit.end - visit.start) / minuteMs;
  if (end - start !== visit.end - visit.start) {
    throw fieldError(at, text(refusals.length, { minutes: String(minutes) }));
  }
  const window = visit.window ?? { start: visit.start, end: visit.end };
  if (start < window.start || end > window.end) {
    const [from, until] = [localTime(day.zone, window.start), localTime(day.zone, window.end)];
    throw fieldError(at, text(refusals.window, { from, until }));
  }
  if (!day.workingDay) throw fieldError(at, text(refusals.workingDay, { date: day.date }));
  if (start < day.dayStart || end > day.dayEnd) {
    throw fieldError(at, text(refusals.hours, { from: day.hours.start, until: day.hours.end }));
  }
}

/** No moved visit may overlap another visit of the technician's day as it will be. */
function checkOverlaps(day: TechnicianDay, moves: Move[]): void {
  const movedIds = new Set(moves.map((m) => m.visit.jobId));
  const after = [
    ...day.visits.filter((v) => !movedIds.has(v.jobId)).map((v) => ({ ...v, n: -1 })),
    ...moves.map((m) => ({ ...m.visit, start: m.start, end: m.end, n: m.n })),
  ];
  for (const move of moves) {
    const clash = after.find((v) => v.n !== move.n && v.start < move.end && v.end > move.start);
    if (clash) {
      const when = `${localTime(day.zone, clash.start)}–${localTime(day.zone, clash.end)}`;
      throw fieldError(path(move.n, 'start'), text(refusals.overlap, { title: clash.title, when }));
    }
  }
}
