import { type Clock, formatLongDay, formatTimeRange, type JobStatus, occurrenceStatus } from '@fieldplan/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.js';
import { numberOrNull } from '../../lib/numbers.js';
import { findCustomer } from '../customers/index.js';
import { type LoadedJob, loadJob, loadJobEvenDeleted } from '../jobs/index.js';
import { findMember } from '../members/index.js';
import { type TrackingContext, visitTrackingUrl } from '../tracking/index.js';
import { findWorkspace } from '../workspaces/index.js';
import type { RenderValues } from './render.js';
import { reportToken } from './report-token.js';
import { plannedStart } from './series.js';

export type NotificationRow = Selectable<NotificationsTable>;

/** Reads shared by the messages of one claimed batch (a burst is one workspace and a few technicians). */
export type BatchCache = Map<string, Promise<unknown>>;

function once<T>(cache: BatchCache, key: string, read: () => Promise<T>): Promise<T> {
  let found = cache.get(key) as Promise<T> | undefined;
  if (!found) {
    found = read();
    cache.set(key, found);
  }
  return found;
}

/** Everything one message needs, read when it is sent (names and times as they are then). */
export interface Composed {
  values: RenderValues;
  /** The language the message is written in: the customer's own, else the workspace's (docs/adr/0042-languages.md). */
  language: string;
  workspaceName: string;
  customer: { id: string; email: string | null; phone: string | null };
  /** Why the message is no longer wanted (the visit was cancelled, moved away or deleted), or null. */
  obsolete: string | null;
}

/** The visit's start, end and status now (an occurrence's exception applied). */
export function visitOf(
  job: LoadedJob,
  key: number,
): { start: number | null; end: number | null; status: JobStatus; assigneeIds: string[] } {
  const row = job.row;
  const base = {
    start: numberOrNull(row.start_at),
    end: numberOrNull(row.end_at),
    status: row.status as JobStatus,
    assigneeIds: job.assigneeIds,
  };
  if (row.rrule === null) return base;
  const length = base.start !== null && base.end !== null ? base.end - base.start : 0;
  const e = job.exceptions.find((x) => Number(x.occurrence_key) === key);
  const assigneeIds = e?.assignee_ids ? (JSON.parse(e.assignee_ids) as string[]) : base.assigneeIds;
  const start = e?.start_at != null ? Number(e.start_at) : key;
  return {
    start,
    end: e?.end_at != null ? Number(e.end_at) : start + length,
    status:
      e?.kind === 'cancelled' && !e.status
        ? 'cancelled'
        : occurrenceStatus(base.status, (e?.status as JobStatus | null) ?? null, assigneeIds.length > 0),
    assigneeIds,
  };
}

export function windowText(job: LoadedJob, visit: { start: number | null; end: number | null }, clock: Clock): string {
  if (visit.start === null) return '';
  if (Number(job.row.all_day) === 1) return formatLongDay(visit.start, { ...clock, timeZone: 'UTC' });
  const flexStart = job.row.rrule === null && job.row.flex_start_at !== null ? Number(job.row.flex_start_at) : null;
  const flexEnd = job.row.rrule === null && job.row.flex_end_at !== null ? Number(job.row.flex_end_at) : null;
  const from = flexStart ?? visit.start;
  const to = flexEnd ?? visit.end ?? visit.start;
  return `${formatLongDay(from, clock)}, ${formatTimeRange(from, to, clock)}`;
}

/** The message's placeholders and recipient as of now; null when the job or customer is gone. */
export async function compose(
  db: Kysely<Database>,
  tracking: TrackingContext,
  baseUrl: string,
  row: NotificationRow,
  settings: { companyPhone: string },
  reportKey: Buffer,
  cache: BatchCache = new Map(),
): Promise<Composed | null> {
  // "Declined" is the one message about a job that may be gone: its deletion declined the request.
  const load = row.kind === 'booking_declined' ? loadJobEvenDeleted : loadJob;
  const job = await load(db, row.workspace_id, row.job_id);
  const workspace = await once(cache, `workspace:${row.workspace_id}`, () => findWorkspace(db, row.workspace_id));
  if (!job || !workspace || job.row.customer_id === null) return null;
  const customer = await findCustomer(db, row.workspace_id, job.row.customer_id);
  if (!customer) return null;
  const key = Number(row.occurrence_key);
  const visit = visitOf(job, key);
  const language = customer.language ?? workspace.language;
  const clock: Clock = {
    timeZone: workspace.time_zone,
    timeFormat: workspace.time_format as Clock['timeFormat'],
    dateFormat: workspace.date_format as Clock['dateFormat'],
    language,
  };
  const techId = visit.assigneeIds[0];
  const technician = techId
    ? await once(cache, `member:${techId}`, () => findMember(db, row.workspace_id, techId))
    : undefined;
  const trackingLink =
    row.kind === 'on_my_way'
      ? await visitTrackingUrl(
          db,
          tracking,
          { workspaceId: row.workspace_id, jobId: row.job_id, occurrenceKey: job.row.rrule === null ? null : key },
          baseUrl,
        )
      : null;
  const waiting = row.kind === 'booking_confirmed' || row.kind === 'reminder';
  // A series' reminder names the start it was planned for (series.ts): a visit since moved has its own.
  const planned = row.kind === 'reminder' && key !== 0 ? plannedStart(row.event_key) : null;
  const obsolete =
    waiting && (visit.status !== 'scheduled' || visit.start === null)
      ? 'The visit is no longer booked'
      : planned !== null && planned !== visit.start
        ? 'The visit was moved'
        : null;
  return {
    values: {
      customer: customer.name,
      window: windowText(job, visit, clock),
      technician: technician?.name ?? workspace.name,
      company: workspace.name,
      companyPhone: settings.companyPhone,
      trackingLink: trackingLink ?? '',
      reportLink:
        row.kind === 'visit_completed'
          ? `${baseUrl}/api/v1/visit-report/${reportToken(reportKey, row.job_id, job.row.rrule === null ? 0 : key)}`
          : '',
    },
    language,
    workspaceName: workspace.name,
    customer: { id: customer.id, email: customer.email, phone: customer.phone },
    obsolete,
  };
}
