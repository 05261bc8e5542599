import {
  dayMs,
  type ExpandedOccurrence,
  expandSeries,
  type JobStatus,
  movedTimes,
  occurrenceStatus,
  wallToInstant,
} from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, JobExceptionsTable } from '../../db/schema.js';
import { numberOrNull } from '../../lib/numbers.js';
import { type JobSaved, type LoadedJob, loadJob } from '../jobs/index.js';
import { findWorkspace } from '../workspaces/index.js';
import { type Event, writeRows } from './outbox.js';
import { reminderDueAt } from './reminder-time.js';
import { loadSettings, type StoredSettings } from './settings.js';

// Series (docs/adr/0029, "Series"): a recurring job has no end of visits, so its reminders are
// planned for the occurrences within a horizon — by the job write itself and by a periodic sweep
// that extends the horizon as days pass. Both write the same event keys, so neither duplicates.

/** How far ahead a series' reminders are written: two weeks, and always beyond the reminder's lead. */
export function horizonMs(settings: Pick<StoredSettings, 'reminderDaysBefore'>): number {
  return Math.max(14, settings.reminderDaysBefore + 2) * dayMs;
}

/** Longer than any series lasts (a rule ends within 5 years: docs/PRODUCT.md, recurrence limits). */
const seriesLifeMs = 6 * 366 * dayMs;

/** The longest horizon (reminderDaysBefore ≤ 14): the sweep looks at series starting before it. */
const longestHorizonMs = 16 * dayMs;

type ExceptionLike = { key: number; kind: 'moved' | 'cancelled'; start: number | null; end: number | null } & {
  row: Pick<JobExceptionsTable, 'status' | 'assignee_ids'>;
};

export interface BookedOccurrence {
  key: number;
  /** Its start: an instant, or the date (UTC midnight) of an all-day series. */
  start: number;
  /** Its start as an instant (an all-day visit's local midnight). */
  startsAt: number;
}

/** The series' occurrences in [from, to) that are scheduled (not cancelled, en route or done), by start. */
export function bookedOccurrences(job: LoadedJob, zone: string, from: number, to: number): BookedOccurrence[] {
  const row = job.row;
  if (row.rrule === null || row.start_at === null || row.end_at === null) return [];
  const allDay = Number(row.all_day) === 1;
  const timing = { start: Number(row.start_at), end: Number(row.end_at), allDay, rrule: row.rrule };
  const exceptions: ExceptionLike[] = job.exceptions.map((e) => ({
    key: Number(e.occurrence_key),
    kind: e.kind,
    start: numberOrNull(e.start_at),
    end: numberOrNull(e.end_at),
    row: e,
  }));
  const out: BookedOccurrence[] = [];
  for (const o of expandSeries(timing, exceptions, zone, from, to) as ExpandedOccurrence<ExceptionLike>[]) {
    const e = o.exception?.row;
    const assignees = e?.assignee_ids ? (JSON.parse(e.assignee_ids) as string[]) : job.assigneeIds;
    const status = occurrenceStatus(
      row.status as JobStatus,
      (e?.status as JobStatus | null) ?? null,
      assignees.length > 0,
    );
    const startsAt = allDay ? wallToInstant(zone, o.start) : o.start;
    if (status === 'scheduled' && startsAt > from) out.push({ key: o.key, start: o.start, startsAt });
  }
  return out;
}

/** What names a series reminder: the occurrence's start and the reminder's time, so a move makes a new one. */
const reminderTag = (start: number, dueAt: number) => `at${start}:due${dueAt}`;

/** The start a series reminder was planned for (read back when it is sent), or null. */
export function plannedStart(eventKey: string): number | null {
  const match = /:at(-?\d+):due/.exec(eventKey);
  return match ? Number(match[1]) : null;
}

/** The reminders a series should have now: one per booked occurrence in the horizon whose time is still ahead. */
function plannedReminders(job: LoadedJob, zone: string, settings: StoredSettings, now: number): Event[] {
  const allDay = Number(job.row.all_day) === 1;
  const out: Event[] = [];
  for (const o of bookedOccurrences(job, zone, now, now + horizonMs(settings))) {
    const dueAt = reminderDueAt(o.start, allDay, zone, settings.reminderDaysBefore, settings.reminderTime);
    if (dueAt > now && dueAt < o.startsAt) {
      out.push({ kind: 'reminder', occurrenceKey: o.key, dueAt, tag: reminderTag(o.start, dueAt), revive: true });
    }
  }
  return out;
}

/**
 * Makes a series' pending reminders match its occurrences now: writes the missing ones and cancels
 * those whose visit moved, was cancelled or left the series (`job` null: the job is gone). A reminder
 * already due is left to the sender, which checks the visit again before sending.
 */
export async function syncSeriesReminders(
  trx: Transaction<Database>,
  workspaceId: string,
  jobId: string,
  job: LoadedJob | null,
  zone: string,
  settings: StoredSettings,
  now: number,
): Promise<void> {
  const planned = job && job.row.rrule !== null ? plannedReminders(job, zone, settings, now) : [];
  const keep = new Set(planned.map((e) => `reminder:${jobId}:${e.occurrenceKey}:${e.tag}:`));
  {
    const pending = await trx
      .selectFrom('notifications')
      .select(['id', 'event_key'])
      .where('workspace_id', '=', workspaceId)
      .where('job_id', '=', jobId)
      .where('kind', '=', 'reminder')
      .where('occurrence_key', '!=', 0)
      .where('status', '=', 'pending')
      .where('due_at', '>', now)
      .execute();
    const stale = pending.filter((r) => !keep.has(r.event_key.slice(0, r.event_key.lastIndexOf(':') + 1)));
    if (stale.length > 0) {
      await trx
        .updateTable('notifications')
        .set({ status: 'cancelled', reason: 'The visit was moved or cancelled' })
        .where(
          'id',
          'in',
          stale.map((r) => r.id),
        )
        .where('status', '=', 'pending')
        .execute();
    }
  }
  if (job && planned.length > 0) await writeRows(trx, settings, workspaceId, job, planned, now);
}

/** The series' timing as a whole (a change moves every visit). */
const timingOf = (job: LoadedJob) => `${job.row.rrule}|${job.row.start_at}|${job.row.end_at}|${job.row.all_day}`;

/**
 * What a write to a series means for booking confirmations: a series newly booked confirms its first
 * upcoming visit; a series moved as a whole confirms its next visit when that one moved past the
 * threshold; one visit moved past the threshold confirms that visit.
 */
export function seriesEvents(saved: JobSaved, settings: StoredSettings, now: number): Event[] {
  const { before, after, zone } = saved;
  if (!after || after.row.rrule === null) return [];
  const threshold = settings.moveThresholdMinutes * 60_000;
  // However far ahead the first visit is: a series starting next month is confirmed today.
  const upcoming = (job: LoadedJob) => bookedOccurrences(job, zone, now, now + seriesLifeMs);
  const visits = upcoming(after);
  const next = visits[0];
  const confirm = (key: number): Event => ({ kind: 'booking_confirmed', occurrenceKey: key, dueAt: now });
  const earlier = before && before.row.rrule !== null ? upcoming(before) : [];
  if (earlier.length === 0) return next ? [confirm(next.key)] : [];
  if (timingOf(before as LoadedJob) !== timingOf(after)) {
    const was = earlier[0];
    return next && (!was || Math.abs(next.startsAt - was.startsAt) > threshold) ? [confirm(next.key)] : [];
  }
  const events: Event[] = [];
  const series = { start: Number(after.row.start_at), end: Number(after.row.end_at) };
  const startOf = (job: LoadedJob, key: number) => {
    const e = job.exceptions.find((x) => Number(x.occurrence_key) === key);
    if (!e) return key;
    const start = numberOrNull(e.start_at);
    const end = numberOrNull(e.end_at);
    return movedTimes(series, { key, kind: e.kind, start, end }).start;
  };
  const booked = new Set(visits.map((o) => o.key));
  for (const e of after.exceptions) {
    const key = Number(e.occurrence_key);
    if (!booked.has(key)) continue;
    if (Math.abs(startOf(after, key) - startOf(before as LoadedJob, key)) > threshold) events.push(confirm(key));
  }
  return events;
}

/**
 * The periodic sweep: plans the reminders of every series with visits in the horizon, each series in
 * its own transaction with its job row locked (PostgreSQL), so a job write and a sweep in another
 * process do not interleave. Idempotent: several processes may sweep at once. Returns series seen.
 */
export async function sweepSeries(db: Db, now: number): Promise<number> {
  const rows = await db.kysely
    .selectFrom('jobs')
    .select(['id', 'workspace_id'])
    .where('rrule', 'is not', null)
    .where('deleted_at', 'is', null)
    .where('customer_id', 'is not', null)
    .where('span_end_at', '>', now - dayMs)
    .where('span_start_at', '<', now + longestHorizonMs + dayMs)
    .execute();
  const zones = new Map<string, string | null>();
  for (const { id, workspace_id: workspaceId } of rows) {
    if (!zones.has(workspaceId))
      zones.set(workspaceId, (await findWorkspace(db.kysely, workspaceId))?.time_zone ?? null);
    const zone = zones.get(workspaceId);
    if (!zone) continue;
    await db.kysely.transaction().execute(async (trx) => {
      let lock = trx.selectFrom('jobs').select('id').where('id', '=', id);
      if (db.dialect === 'postgres') lock = lock.forUpdate();
      await lock.executeTakeFirst();
      const job = await loadJob(trx, workspaceId, id);
      if (!job || job.row.rrule === null) return;
      const settings = await loadSettings(trx, workspaceId);
      await syncSeriesReminders(trx, workspaceId, id, job, zone, settings, now);
    });
  }
  return rows.length;
}
