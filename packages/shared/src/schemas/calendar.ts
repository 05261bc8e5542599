import { z } from 'zod';
import { jobStatuses, jobStatusField } from './jobs.js';

/** The resource id of jobs with no technician (the "Unassigned" row of the timeline). */
export const unassignedResourceId = 'unassigned';
/** The colour of unassigned jobs. */
export const unassignedColour = '#9E9E9E';

const statusList = z
  .string()
  .max(200)
  .transform((value) => value.split(',').filter(Boolean))
  .pipe(z.array(jobStatusField));

/**
 * `start`/`end`: ISO instants with offset, dates (`2026-03-02`) or local date-times without offset,
 * both read in `timeZone` (FullCalendar sends it) or the workspace's zone. End exclusive.
 */
export const calendarQuerySchema = z.object({
  start: z.string({ error: 'Start is required' }).max(40, { error: 'Start is too long' }),
  end: z.string({ error: 'End is required' }).max(40, { error: 'End is too long' }),
  technicianId: z.string().max(64).optional(),
  /** One status or a comma-separated list. */
  status: statusList.optional(),
  timeZone: z.string().max(64).optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** A FullCalendar event object: one job, or one occurrence of a recurring job. */
export const calendarEventSchema = z.object({
  /** The job id, or `jobId:occurrenceKey` (epoch ms) for an occurrence. */
  id: z.string(),
  title: z.string(),
  /** ISO instants, or dates (`YYYY-MM-DD`, end exclusive) when all-day. */
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  /** Assignee member ids, or `['unassigned']`. */
  resourceIds: z.array(z.string()),
  backgroundColor: z.string(),
  borderColor: z.string(),
  extendedProps: z.object({
    jobId: z.string(),
    /** The occurrence's original start (ISO, or date when all-day); null for a one-off job. */
    occurrenceKey: z.string().nullable(),
    version: z.number().int(),
    status: z.enum(jobStatuses),
    priority: z.number().int(),
    assigneeIds: z.array(z.string()),
    customerId: z.string().nullable(),
    customerName: z.string().nullable(),
    address: z.string(),
    /** The job site (WGS84), or null when the job has no position. */
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    recurring: z.boolean(),
    /** The job has a flexible window: "optimise a day" may move this visit within it. */
    flexible: z.boolean(),
    /**
     * Ids of other jobs' events that share a technician and overlap in time (double booking), and of
     * busy time from subscribed calendars it falls on (`busy:…`, the ids of `GET …/calendar/busy`).
     */
    overlapsWith: z.array(z.string()),
  }),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
export const calendarEventsSchema = z.array(calendarEventSchema);
