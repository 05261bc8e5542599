import {
  type BookingRequestStatus,
  formatDateOnly,
  type Job,
  type JobException,
  type JobStatus,
} from '@fieldplan/shared';
import type { Selectable } from 'kysely';
import type { JobExceptionsTable, JobsTable } from '../../db/schema.js';
import { iso } from '../../lib/ids.js';
import { numberOrNull } from '../../lib/numbers.js';

export type JobRow = Selectable<JobsTable> & { customer_name: string | null };
export type ExceptionRow = Selectable<JobExceptionsTable>;

/** A job with its technicians (in order) and its exceptions (by occurrence key). */
export interface LoadedJob {
  row: JobRow;
  assigneeIds: string[];
  exceptions: ExceptionRow[];
}

/** Dates (`YYYY-MM-DD`) for all-day jobs, ISO instants otherwise. */
export function formatTime(ms: number | null, allDay: boolean): string | null {
  if (ms === null) return null;
  return allDay ? formatDateOnly(ms) : iso(ms);
}

export function parseAssigneeIds(value: string | null): string[] | null {
  return value === null ? null : (JSON.parse(value) as string[]);
}

export function presentException(e: ExceptionRow, allDay: boolean): JobException {
  return {
    occurrence: formatTime(Number(e.occurrence_key), allDay) ?? '',
    kind: e.kind,
    start: formatTime(numberOrNull(e.start_at), allDay),
    end: formatTime(numberOrNull(e.end_at), allDay),
    assigneeIds: parseAssigneeIds(e.assignee_ids),
    status: e.status as JobStatus | null,
  };
}

export function presentJob({ row, assigneeIds, exceptions }: LoadedJob): Job {
  const allDay = Number(row.all_day) === 1;
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    title: row.title,
    description: row.description,
    address: row.address,
    lat: numberOrNull(row.lat),
    lng: numberOrNull(row.lng),
    start: formatTime(numberOrNull(row.start_at), allDay),
    end: formatTime(numberOrNull(row.end_at), allDay),
    allDay,
    status: row.status as JobStatus,
    priority: Number(row.priority),
    assigneeIds,
    rrule: row.rrule,
    flexibleWindow:
      row.flex_start_at === null || row.flex_end_at === null
        ? null
        : { start: iso(Number(row.flex_start_at)), end: iso(Number(row.flex_end_at)) },
    exceptions: exceptions.map((e) => presentException(e, allDay)),
    // Only on jobs booked online (docs/adr/0030): every other job's answer stays as it was.
    ...(row.booking_request_id !== null &&
      row.booking_status !== null && {
        bookingRequest: { id: row.booking_request_id, status: row.booking_status as BookingRequestStatus },
      }),
    version: Number(row.version),
    createdAt: iso(Number(row.created_at)),
    updatedAt: iso(Number(row.updated_at)),
  };
}
