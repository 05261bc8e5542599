import {
  allOccurrences,
  type FieldError,
  type JobPatch,
  type JobStatus,
  type JobTiming,
  parseDateOnly,
  parseInstant,
  timingIssues,
} from '@fieldplan/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError, invalidFields } from '../../errors/app-error.js';
import { ruleFieldError, text } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';
import { iso } from '../../lib/ids.js';
import { numberOrNull } from '../../lib/numbers.js';
import { findCustomer } from '../customers/index.js';
import { membersAmong } from '../members/index.js';
import { formatTime, type LoadedJob } from './presenter.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  notMember: { id: 'problems.jobs.assigneeNotMember' },
  deactivated: { id: 'problems.jobs.assigneeDeactivated' },
  notTechnician: { id: 'problems.jobs.assigneeNotTechnician' },
  noCustomer: { id: 'problems.jobs.customerNotFound' },
  address: { id: 'problems.jobs.addressRequired' },
  coordinates: { id: 'problems.jobs.bothCoordinates' },
});

/** A job as the service works on it: times in ms (dates as UTC midnights when all-day). */
export interface JobDraft {
  title: string;
  description: string;
  customerId: string | null;
  address: string;
  lat: number | null;
  lng: number | null;
  start: number | null;
  end: number | null;
  allDay: boolean;
  priority: number;
  assigneeIds: string[];
  rrule: string | null;
  status: JobStatus;
  /** Where the optimiser may move a one-off visit (instants in ms); null: the time is fixed. */
  flexibleWindow: Window | null;
}

export interface Window {
  start: number;
  end: number;
}

export function draftOf({ row, assigneeIds }: LoadedJob): JobDraft {
  return {
    title: row.title,
    description: row.description,
    customerId: row.customer_id,
    address: row.address,
    lat: numberOrNull(row.lat),
    lng: numberOrNull(row.lng),
    start: numberOrNull(row.start_at),
    end: numberOrNull(row.end_at),
    allDay: Number(row.all_day) === 1,
    priority: Number(row.priority),
    assigneeIds,
    rrule: row.rrule,
    status: row.status as JobStatus,
    flexibleWindow: windowOf(row.flex_start_at, row.flex_end_at),
  };
}

/** The flexible window of a row's two columns (both set, or it is null). */
export function windowOf(start: number | null, end: number | null): Window | null {
  return start === null || end === null ? null : { start: Number(start), end: Number(end) };
}

export const invalid = (errors: FieldError[]) => invalidFields(errors);

export const timingOf = (d: Pick<JobDraft, 'start' | 'end' | 'allDay' | 'rrule' | 'flexibleWindow'>): JobTiming => ({
  start: formatTime(d.start, d.allDay),
  end: formatTime(d.end, d.allDay),
  allDay: d.allDay,
  rrule: d.rrule,
  flexibleWindow: d.flexibleWindow && { start: iso(d.flexibleWindow.start), end: iso(d.flexibleWindow.end) },
});

/** Parses a start or end the way the job's all-day flag says (null when unparseable). */
export const parseTime = (value: string, allDay: boolean) => (allDay ? parseDateOnly(value) : parseInstant(value));

/**
 * Checks a job's time, rule and flexible window (docs/PRODUCT.md, "Validation rules") — in the workspace zone,
 * where the start must be an occurrence of the rule — and returns them in ms; 400 with every
 * problem otherwise.
 */
export function checkTiming(
  timing: JobTiming,
  zone: string,
): { start: number | null; end: number | null; flexibleWindow: Window | null } {
  // Each problem at its field's path (the rule's parts under `rrule.…`), the zone's check included.
  const issues = timingIssues(timing, zone);
  // In the request's language by each rule's kind (http/problem-text.ts); the English as the rule wrote it.
  if (issues.length > 0) throw invalid(issues.map(ruleFieldError));
  const start = timing.start === null ? null : parseTime(timing.start, timing.allDay);
  const end = timing.end === null ? null : parseTime(timing.end, timing.allDay);
  const window = timing.flexibleWindow;
  // timingIssues has parsed both ends of a window it let through.
  const flexibleWindow = window ? windowOf(parseInstant(window.start), parseInstant(window.end)) : null;
  return { start, end, flexibleWindow };
}

/** Assignees must be active technicians of this workspace (docs/PRODUCT.md, "Validation rules"). */
export async function checkAssignees(db: Kysely<Database>, workspaceId: string, ids: string[]): Promise<void> {
  const found = new Map((await membersAmong(db, workspaceId, ids)).map((m) => [m.id, m]));
  for (const id of ids) {
    const member = found.get(id);
    if (!member) throw fieldError('assigneeIds', text(refusals.notMember, { id }));
    if (member.deactivated_at !== null) throw fieldError('assigneeIds', text(refusals.deactivated, { id }));
    if (member.role !== 'technician') {
      throw fieldError('assigneeIds', text(refusals.notTechnician, { id, role: member.role }));
    }
  }
}

export async function checkCustomer(db: Kysely<Database>, workspaceId: string, id: string) {
  const customer = await findCustomer(db, workspaceId, id);
  if (!customer) throw fieldError('customerId', text(refusals.noCustomer));
  return customer;
}

/** Unscheduled ↔ scheduled follow the job's time and technicians; other states stay. */
export function autoStatus(status: JobStatus, draft: Pick<JobDraft, 'start' | 'assigneeIds'>): JobStatus {
  const ready = draft.start !== null && draft.assigneeIds.length > 0;
  if (status === 'unscheduled' && ready) return 'scheduled';
  if (status === 'scheduled' && !ready) return 'unscheduled';
  return status;
}

export interface MovedTimes {
  start: number | null;
  end: number | null;
}

/**
 * What range queries need: a one-off job's own times; a series' first start to last end, widened
 * by moved occurrences. Null for unscheduled jobs.
 */
export function spanOf(
  draft: Pick<JobDraft, 'start' | 'end' | 'allDay' | 'rrule'>,
  moved: MovedTimes[],
  zone: string,
): { span_start_at: number | null; span_end_at: number | null } {
  if (draft.start === null || draft.end === null) return { span_start_at: null, span_end_at: null };
  if (!draft.rrule) return { span_start_at: draft.start, span_end_at: draft.end };
  const all = allOccurrences({ start: draft.start, end: draft.end, allDay: draft.allDay, rrule: draft.rrule }, zone);
  let lo = all[0]?.start ?? draft.start;
  let hi = all[all.length - 1]?.end ?? draft.end;
  for (const m of moved) {
    if (m.start !== null) lo = Math.min(lo, m.start);
    if (m.end !== null) hi = Math.max(hi, m.end);
  }
  return { span_start_at: lo, span_end_at: hi };
}

/**
 * Fields other than time and recurrence, merged onto `base` and checked against the database:
 * the customer exists here, technicians are active technicians here, an address is given.
 */
export async function applyFields(
  trx: Transaction<Database>,
  workspaceId: string,
  base: JobDraft,
  patch: Omit<JobPatch, 'start' | 'end' | 'allDay' | 'rrule'>,
): Promise<JobDraft> {
  const next = { ...base };
  if (patch.customerId !== undefined && patch.customerId !== base.customerId) {
    const customer = patch.customerId === null ? null : await checkCustomer(trx, workspaceId, patch.customerId);
    next.customerId = customer?.id ?? null;
    // A job with no place of its own takes its customer's.
    if (customer && patch.address === undefined && base.address === '') {
      Object.assign(next, { address: customer.address, lat: Number(customer.lat), lng: Number(customer.lng) });
    }
  }
  if (patch.assigneeIds !== undefined) {
    await checkAssignees(trx, workspaceId, patch.assigneeIds);
    next.assigneeIds = patch.assigneeIds;
  }
  if (patch.title !== undefined) next.title = patch.title;
  if (patch.description !== undefined) next.description = patch.description;
  if (patch.priority !== undefined) next.priority = patch.priority;
  if (patch.address !== undefined) next.address = patch.address;
  if (patch.lat !== undefined) next.lat = patch.lat;
  if (patch.lng !== undefined) next.lng = patch.lng;
  if (next.address === '') throw fieldError('address', text(refusals.address));
  if ((next.lat === null) !== (next.lng === null)) {
    throw fieldError(next.lat === null ? 'lat' : 'lng', text(refusals.coordinates));
  }
  return next;
}
