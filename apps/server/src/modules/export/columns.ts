import { type Job, jobStatusLabel } from '@fieldplan/shared';
import { type Column, localDateTime, utcDate } from './cells.js';
import { type CustomerRow, checklistText, type VisitRow } from './sources.js';

/** Member id → name; a technician no longer in the list shows as "(former member)". */
export type Names = ReadonlyMap<string, string>;

const namesOf = (ids: readonly string[], names: Names) =>
  ids.map((id) => names.get(id) ?? '(former member)').join(', ');

/** Columns of the customers export (docs/PRODUCT.md, "Export"). */
export function customerColumns(zone: string): Column<CustomerRow>[] {
  return [
    { header: 'Name', value: (c) => c.name },
    { header: 'Email', value: (c) => c.email ?? '' },
    { header: 'Phone', value: (c) => c.phone ?? '' },
    { header: 'Address', value: (c) => c.address },
    { header: 'Latitude', value: (c) => Number(c.lat) },
    { header: 'Longitude', value: (c) => Number(c.lng) },
    { header: 'Notes', value: (c) => c.notes },
    { header: 'Created', value: (c) => localDateTime(Number(c.created_at), zone) },
    { header: 'Updated', value: (c) => localDateTime(Number(c.updated_at), zone) },
    { header: 'Id', value: (c) => c.id },
  ];
}

/** A job's time: dates for all-day jobs, local date-times otherwise (the API answers ISO). */
function jobTime(value: string | null, allDay: boolean, zone: string): string {
  if (value === null) return '';
  return allDay ? value : localDateTime(Date.parse(value), zone);
}

export function jobColumns(zone: string, names: Names): Column<Job>[] {
  return [
    { header: 'Title', value: (j) => j.title },
    { header: 'Customer', value: (j) => j.customerName ?? '' },
    { header: 'Address', value: (j) => j.address },
    { header: 'Latitude', value: (j) => j.lat },
    { header: 'Longitude', value: (j) => j.lng },
    { header: 'Start', value: (j) => jobTime(j.start, j.allDay, zone) },
    { header: 'End', value: (j) => jobTime(j.end, j.allDay, zone) },
    { header: 'All day', value: (j) => (j.allDay ? 'yes' : 'no') },
    { header: 'Status', value: (j) => jobStatusLabel[j.status] },
    { header: 'Priority', value: (j) => j.priority },
    { header: 'Technicians', value: (j) => namesOf(j.assigneeIds, names) },
    { header: 'Repeats', value: (j) => j.rrule ?? '' },
    { header: 'Description', value: (j) => j.description },
    { header: 'Created', value: (j) => localDateTime(Date.parse(j.createdAt), zone) },
    { header: 'Id', value: (j) => j.id },
  ];
}

export function visitColumns(zone: string, names: Names): Column<VisitRow>[] {
  const time = (ms: number, allDay: boolean) => (allDay ? utcDate(ms) : localDateTime(ms, zone));
  return [
    { header: 'Start', value: ({ visit }) => time(visit.start, visit.allDay) },
    // All-day ends are exclusive in the model; a spreadsheet reads the last day.
    { header: 'End', value: ({ visit }) => time(visit.allDay ? visit.end - 86_400_000 : visit.end, visit.allDay) },
    { header: 'Title', value: ({ visit }) => visit.job.title },
    { header: 'Customer', value: ({ visit }) => visit.job.customerName ?? '' },
    { header: 'Address', value: ({ visit }) => visit.job.address },
    { header: 'Status', value: ({ visit }) => jobStatusLabel[visit.status] },
    { header: 'Technicians', value: ({ visit }) => namesOf(visit.assigneeIds, names) },
    { header: 'Notes', value: ({ summary }) => (summary?.notes ?? []).join('\n\n') },
    { header: 'Checklists', value: ({ summary }) => checklistText(summary) },
    { header: 'Job id', value: ({ visit }) => visit.job.id },
  ];
}
