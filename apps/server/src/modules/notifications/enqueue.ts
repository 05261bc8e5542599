import { instantToWall, type JobStatus, type NotificationKind, wallToInstant } from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { findCustomer } from '../customers/index.js';
import type { JobSaved, LoadedJob } from '../jobs/index.js';
import { isOptedOut, loadSettings, type StoredSettings } from './settings.js';

const dayMs = 86_400_000;

/**
 * When the reminder of a visit starting at `start` goes out: `daysBefore` days before the visit's
 * local day, at `time` (HH:MM) in the workspace's zone. An all-day visit's start is already its date.
 */
export function reminderDueAt(start: number, allDay: boolean, zone: string, daysBefore: number, time: string): number {
  const wall = allDay ? start : instantToWall(zone, start);
  const day = Math.floor(wall / dayMs) * dayMs;
  const [h = 0, m = 0] = time.split(':').map(Number);
  return wallToInstant(zone, day - daysBefore * dayMs + (h * 60 + m) * 60_000);
}

interface VisitState {
  status: JobStatus;
  start: number | null;
}

const booked: JobStatus[] = ['scheduled'];

function oneOffState(job: LoadedJob | null): VisitState | null {
  if (!job || job.row.rrule !== null) return null;
  return { status: job.row.status as JobStatus, start: job.row.start_at === null ? null : Number(job.row.start_at) };
}

/** Each occurrence's status as its exception records it (a series' visits change status one by one). */
function occurrenceStatuses(job: LoadedJob | null): Map<number, JobStatus> {
  const out = new Map<number, JobStatus>();
  if (!job || job.row.rrule === null) return out;
  for (const e of job.exceptions) if (e.status) out.set(Number(e.occurrence_key), e.status as JobStatus);
  return out;
}

interface Event {
  kind: NotificationKind;
  occurrenceKey: number;
  dueAt: number;
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
 * The job-save observer: writes the write's notifications into the outbox and cancels a pending
 * reminder the write made wrong — in the job's own transaction, so both commit or neither does.
 */
export async function notifyJobSaved(trx: Transaction<Database>, saved: JobSaved, now = Date.now()): Promise<void> {
  const job = saved.after ?? saved.before;
  if (!job) return;
  const settings = await loadSettings(trx, saved.workspaceId);
  const { events, cancel } = eventsOf(saved, settings, now);
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
  const customerId = job.row.customer_id;
  if (events.length === 0 || !settings.enabled || !customerId) return;
  const customer = await findCustomer(trx, saved.workspaceId, customerId);
  if (!customer || (await isOptedOut(trx, saved.workspaceId, customerId))) return;
  const channels = [
    ...(customer.email ? [{ channel: 'email', recipient: customer.email }] : []),
    ...(customer.phone ? [{ channel: 'sms', recipient: customer.phone }] : []),
  ];
  const version = Number(job.row.version);
  for (const event of events) {
    if (!settings.templates[event.kind].enabled) continue;
    for (const { channel, recipient } of channels) {
      await trx
        .insertInto('notifications')
        .values({
          id: newId(),
          workspace_id: saved.workspaceId,
          job_id: job.row.id,
          occurrence_key: event.occurrenceKey,
          kind: event.kind,
          channel,
          recipient,
          status: 'pending',
          due_at: event.dueAt,
          attempts: 0,
          reason: null,
          lease_owner: null,
          lease_expires_at: null,
          // The job's version names the write: one row per event and channel, whoever replays it.
          event_key: `${event.kind}:${job.row.id}:${event.occurrenceKey}:v${version}:${channel}`,
          provider_id: null,
          created_at: now,
          sent_at: null,
        })
        .onConflict((oc) => oc.columns(['workspace_id', 'event_key']).doNothing())
        .execute();
    }
  }
}
