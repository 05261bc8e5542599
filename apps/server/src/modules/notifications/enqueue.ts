import type { JobStatus, NotificationKind } from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { numberOrNull } from '../../lib/numbers.js';
import { type JobSaved, type LoadedJob, loadJob } from '../jobs/index.js';
import { type Event, writeRows } from './outbox.js';
import { reminderDueAt } from './reminder-time.js';
import { seriesEvents, syncSeriesReminders } from './series.js';
import { loadSettings, type StoredSettings } from './settings.js';

interface VisitState {
  status: JobStatus;
  start: number | null;
}

const booked: JobStatus[] = ['scheduled'];

function oneOffState(job: LoadedJob | null): VisitState | null {
  if (!job || job.row.rrule !== null) return null;
  return { status: job.row.status as JobStatus, start: numberOrNull(job.row.start_at) };
}

/** Each occurrence's status as its exception records it (a series' visits change status one by one). */
function occurrenceStatuses(job: LoadedJob | null): Map<number, JobStatus> {
  const out = new Map<number, JobStatus>();
  if (!job || job.row.rrule === null) return out;
  for (const e of job.exceptions) if (e.status) out.set(Number(e.occurrence_key), e.status as JobStatus);
  return out;
}

/** What one job write means for its customer (docs/PRODUCT.md, "Customer notifications"). */
export function eventsOf(
  saved: JobSaved,
  settings: StoredSettings,
  now: number,
): { events: Event[]; cancel: number[] } {
  const events: Event[] = [];
  const cancel: number[] = [];
  const { before, after } = saved;
  const was = oneOffState(before);
  const is = oneOffState(after);
  const job = after ?? before;
  if (!job) return { events, cancel };
  if (job.row.rrule === null) {
    if (is?.status !== was?.status && (is?.status === 'en_route' || is?.status === 'completed')) {
      events.push({ kind: is.status === 'en_route' ? 'on_my_way' : 'visit_completed', occurrenceKey: 0, dueAt: now });
    }
    const bookedNow = is !== null && is.start !== null && booked.includes(is.status);
    const bookedBefore = was !== null && was.start !== null && booked.includes(was.status);
    const moved =
      bookedNow &&
      bookedBefore &&
      Math.abs((is.start ?? 0) - (was.start ?? 0)) > settings.moveThresholdMinutes * 60_000;
    if (bookedNow && (!bookedBefore || moved)) {
      events.push({ kind: 'booking_confirmed', occurrenceKey: 0, dueAt: now });
    }
    // Any move re-times the reminder; only one past the threshold tells the customer at once.
    const startChanged = bookedNow && bookedBefore && is.start !== was.start;
    if (!bookedNow || startChanged) cancel.push(0);
    if (bookedNow && (!bookedBefore || startChanged) && is.start !== null && is.start > now) {
      const allDay = Number(job.row.all_day) === 1;
      const dueAt = reminderDueAt(is.start, allDay, saved.zone, settings.reminderDaysBefore, settings.reminderTime);
      if (dueAt > now && dueAt < is.start) events.push({ kind: 'reminder', occurrenceKey: 0, dueAt });
    }
    return { events, cancel };
  }
  const old = occurrenceStatuses(before);
  for (const [key, status] of occurrenceStatuses(after)) {
    if (old.get(key) === status) continue;
    if (status === 'en_route') events.push({ kind: 'on_my_way', occurrenceKey: key, dueAt: now });
    if (status === 'completed') events.push({ kind: 'visit_completed', occurrenceKey: key, dueAt: now });
  }
  return { events, cancel };
}

/**
 * Whether a job's booking is still waiting for the office's decision (an online booking request):
 * then no booking confirmation goes out on a job write — the booking module sends its own messages
 * through `enqueueJobNotification`. The booking module registers the check (docs/adr/0029).
 */
export type PendingBookingCheck = (trx: Transaction<Database>, workspaceId: string, jobId: string) => Promise<boolean>;
const pendingChecks = new Set<PendingBookingCheck>();

export function holdBookingConfirmations(check: PendingBookingCheck): void {
  pendingChecks.add(check);
}

async function bookingPending(trx: Transaction<Database>, workspaceId: string, jobId: string): Promise<boolean> {
  for (const check of pendingChecks) if (await check(trx, workspaceId, jobId)) return true;
  return false;
}

/**
 * The job-save observer: writes the write's notifications into the outbox and cancels a pending
 * reminder the write made wrong — in the job's own transaction, so both commit or neither does.
 */
export async function notifyJobSaved(trx: Transaction<Database>, saved: JobSaved, now = Date.now()): Promise<void> {
  const job = saved.after ?? saved.before;
  if (!job) return;
  const settings = await loadSettings(trx, saved.workspaceId);
  const found = eventsOf(saved, settings, now);
  const { cancel } = found;
  const isSeries = job.row.rrule !== null || Boolean(saved.before?.row.rrule);
  let events = isSeries ? [...found.events, ...seriesEvents(saved, settings, now)] : found.events;
  if (
    events.some((e) => e.kind === 'booking_confirmed') &&
    (await bookingPending(trx, saved.workspaceId, job.row.id))
  ) {
    events = events.filter((e) => e.kind !== 'booking_confirmed');
  }
  if (cancel.length > 0) {
    await trx
      .updateTable('notifications')
      .set({ status: 'cancelled', reason: 'The visit was moved or cancelled', lease_owner: null })
      .where('workspace_id', '=', saved.workspaceId)
      .where('job_id', '=', job.row.id)
      .where('occurrence_key', 'in', cancel)
      .where('kind', '=', 'reminder')
      .where('status', '=', 'pending')
      .execute();
  }
  await writeRows(trx, settings, saved.workspaceId, job, events, now);
  if (isSeries) {
    await syncSeriesReminders(trx, saved.workspaceId, job.row.id, saved.after, saved.zone, settings, now);
  }
}

export interface JobNotificationRequest {
  workspaceId: string;
  jobId: string;
  kind: NotificationKind;
  /** The occurrence's original start (ms) for a visit of a series; 0 or absent for a one-off job. */
  occurrenceKey?: number;
  /** When it goes out (default now). */
  dueAt?: number;
  /**
   * What makes this event unique (default the job's version): the same kind, job, occurrence and key
   * is written once, so a retried request writes nothing twice — e.g. `request:<id>:confirmed`.
   */
  eventKey?: string;
  now?: number;
  /**
   * The job as the caller holds it, for one deleted in the caller's transaction (a booking request's
   * job, docs/adr/0030); absent: read now, and nothing is written for a job that is gone.
   */
  job?: LoadedJob;
}

/**
 * Writes a customer notification for a job inside the caller's transaction, by the same rules as a
 * job write: the workspace switch, the kind's switch, the customer's opt-out and channels, one row per
 * event key and channel. A `booking_requested` drops the booking confirmation the job's own save just
 * wrote (the booking is not confirmed yet). Returns how many rows were written.
 */
export async function enqueueJobNotification(
  trx: Transaction<Database>,
  request: JobNotificationRequest,
): Promise<number> {
  const now = request.now ?? Date.now();
  const job = request.job ?? (await loadJob(trx, request.workspaceId, request.jobId));
  if (!job) return 0;
  const occurrenceKey = request.occurrenceKey ?? 0;
  if (request.kind === 'booking_requested' || request.kind === 'booking_declined') {
    await trx
      .deleteFrom('notifications')
      .where('workspace_id', '=', request.workspaceId)
      .where('job_id', '=', request.jobId)
      .where('occurrence_key', '=', occurrenceKey)
      .where('kind', '=', 'booking_confirmed')
      .where('status', '=', 'pending')
      .where('attempts', '=', 0)
      .execute();
  }
  const settings = await loadSettings(trx, request.workspaceId);
  const event: Event = { kind: request.kind, occurrenceKey, dueAt: request.dueAt ?? now, tag: request.eventKey };
  return writeRows(trx, settings, request.workspaceId, job, [event], now);
}
