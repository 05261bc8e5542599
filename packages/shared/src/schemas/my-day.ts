import { z } from 'zod';
import { positionSchema, visitFields } from './entity-fields.js';
import { jobStatuses } from './jobs.js';

/** `GET /workspaces/:ws/my-day?date=`: the signed-in member's visits of one local day. */
export const myDayQuerySchema = z.object({
  /** A local date (`2026-03-02`); checked by the service, so every message names `date`. */
  date: z.string({ error: 'Date is required' }).max(10, { error: 'Date must be a date such as 2026-03-02' }),
});
export type MyDayQuery = z.infer<typeof myDayQuerySchema>;

export const myDayVisitSchema = z.object({
  /** The calendar event's id: the job id, or `jobId:occurrenceKey` for an occurrence. */
  id: z.string(),
  /** `occurrence` is what `/status` takes. */
  ...visitFields,
  /** The job's version: what `If-Match` sends. */
  version: z.number().int(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  status: z.enum(jobStatuses),
  assigneeIds: z.array(z.string()),
  customerName: z.string().nullable(),
  /** The job's description ('' when none): what to do on site. */
  description: z.string(),
  /** The customer's phone (for Call and Message), or null when none is known or there is no customer. */
  customerPhone: z.string().nullable(),
  /** The customer's notes: access details such as a gate code or where the key is ('' when none). */
  customerNotes: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type MyDayVisit = z.infer<typeof myDayVisitSchema>;

export const myDaySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  /** Where the day's first drive starts (the member's home base), or null when not set. */
  homeBase: positionSchema.nullable(),
  /** In time order (all-day ones first); cancelled ones included, with their status. */
  visits: z.array(myDayVisitSchema),
});
export type MyDay = z.infer<typeof myDaySchema>;
