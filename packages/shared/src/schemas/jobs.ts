import { z } from 'zod';
import { dayMs, minuteMs, parseDateOnly, parseInstant } from '../recurrence/dates.js';
import { rruleFieldIssue } from '../recurrence/validate.js';
import { jobBookingRequestSchema } from './booking.js';
import { pageQuerySchema, pageSchema } from './customers.js';
import { versionedFields } from './entity-fields.js';
import { latField, lngField, oneLineText } from './fields.js';
import { type RuleIssue, ruleParams } from './issue-message.js';

export const jobLimits = {
  titleMax: 120,
  descriptionMax: 5000,
  addressMax: 300,
  maxAssignees: 10,
  minDurationMinutes: 5,
  maxDurationHours: 24,
  maxAllDayDays: 31,
  rruleMax: 500,
} as const;

export const jobStatuses = ['unscheduled', 'scheduled', 'en_route', 'in_progress', 'completed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const jobStatusLabel: Record<JobStatus, string> = {
  unscheduled: 'unscheduled',
  scheduled: 'scheduled',
  en_route: 'en route',
  in_progress: 'in progress',
  completed: 'completed',
  cancelled: 'cancelled',
};
export const jobStatusField = z.enum(jobStatuses, {
  error: `Status must be one of ${jobStatuses.join(', ')}`,
});

/** `start`/`end`: dates `YYYY-MM-DD` (end exclusive) when all-day, else ISO instants; null = unscheduled. */
const timeField = (label: string) =>
  z
    .string({ error: `${label} must be a date or date-time` })
    .max(40, { error: `${label} is too long` })
    .nullable();

const priorityField = z
  .number({ error: 'Priority must be a number' })
  .int({ error: 'Priority must be a whole number' })
  .min(1, { error: 'Priority must be between 1 and 5' })
  .max(5, { error: 'Priority must be between 1 and 5' });

const assigneesField = z
  .array(z.string().max(64), { error: 'Technicians must be a list of member ids' })
  .max(jobLimits.maxAssignees, { error: `A job can have at most ${jobLimits.maxAssignees} technicians` })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Each technician can be assigned only once' });

const rruleField = z
  .string({ error: 'Recurrence rule must be text' })
  .trim()
  .max(jobLimits.rruleMax, { error: `Recurrence rule must be at most ${jobLimits.rruleMax} characters` })
  .nullable();

/**
 * A flexible time ("optimise a day"): the visit may start anywhere that keeps it inside
 * this window (ISO instants), so the optimiser may move it. Null: the time is fixed.
 */
export interface FlexibleWindow {
  start: string;
  end: string;
}

export interface JobTiming {
  start: string | null;
  end: string | null;
  allDay: boolean;
  rrule: string | null;
  /** Absent is the same as null (fixed time). */
  flexibleWindow?: FlexibleWindow | null;
}

/** The longest flexible window: a visit moves within one working day at most. */
export const flexibleWindowMaxHours = 24;

/**
 * Every problem with a job's time and recurrence (docs/PRODUCT.md, "Validation rules"): both or neither of start and
 * end; all-day dates ≤ 31 days; timed 5 min – 24 h; a valid rule that needs a start.
 */
export function jobTimingIssues(job: JobTiming): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { start, end, allDay, rrule } = job;
  if (start === null && end === null) {
    if (rrule)
      issues.push({ path: 'rrule', message: 'A recurring job needs a start and an end', kind: 'recurringNeedsTime' });
    if (job.flexibleWindow) issues.push(...flexibleWindowIssues(job.flexibleWindow, null, null, allDay, rrule));
    return issues;
  }
  if (start === null)
    issues.push({ path: 'start', message: 'Start is required when the job has an end', kind: 'startWithEnd' });
  if (end === null)
    issues.push({ path: 'end', message: 'End is required when the job has a start', kind: 'endWithStart' });
  const parse = allDay ? parseDateOnly : parseInstant;
  const format = allDay ? 'a date like 2026-03-29' : 'a date-time like 2026-03-29T09:00:00Z';
  const formatKind = allDay ? 'dateLike' : 'dateTimeLike';
  const s = start === null ? null : parse(start);
  const e = end === null ? null : parse(end);
  if (start !== null && s === null)
    issues.push({ path: 'start', message: `Start must be ${format}`, kind: formatKind });
  if (end !== null && e === null) issues.push({ path: 'end', message: `End must be ${format}`, kind: formatKind });
  if (s !== null && e !== null) {
    if (e <= s) {
      issues.push({
        path: 'end',
        message: allDay ? 'End must be after start (the end date is exclusive)' : 'End must be after start',
        kind: allDay ? 'endAfterStartAllDay' : 'endAfterStart',
      });
    } else if (allDay && e - s > jobLimits.maxAllDayDays * dayMs) {
      issues.push({
        path: 'end',
        message: `An all-day job can last at most ${jobLimits.maxAllDayDays} days`,
        kind: 'allDayTooLong',
        values: { days: jobLimits.maxAllDayDays },
      });
    } else if (!allDay && e - s < jobLimits.minDurationMinutes * minuteMs) {
      issues.push({
        path: 'end',
        message: `A job must last at least ${jobLimits.minDurationMinutes} minutes`,
        kind: 'jobTooShort',
        values: { minutes: jobLimits.minDurationMinutes },
      });
    } else if (!allDay && e - s > jobLimits.maxDurationHours * 60 * minuteMs) {
      issues.push({
        path: 'end',
        message: `A timed job can last at most ${jobLimits.maxDurationHours} hours (make it all-day instead)`,
        kind: 'jobTooLong',
        values: { hours: jobLimits.maxDurationHours },
      });
    }
  }
  if (rrule) {
    const issue = rruleFieldIssue(rrule, s);
    if (issue) issues.push(issue);
  }
  if (job.flexibleWindow) issues.push(...flexibleWindowIssues(job.flexibleWindow, s, e, allDay, rrule));
  return issues;
}

const windowPath = 'flexibleWindow';

/** Every problem with a flexible window: a one-off timed visit inside a window of at most 24 h. */
function flexibleWindowIssues(
  window: FlexibleWindow,
  start: number | null,
  end: number | null,
  allDay: boolean,
  rrule: string | null,
): RuleIssue[] {
  if (allDay) {
    return [
      { path: windowPath, message: 'An all-day job has no flexible time: clear the window', kind: 'windowAllDay' },
    ];
  }
  if (rrule) {
    return [
      {
        path: windowPath,
        message: 'A recurring job cannot have a flexible time: clear the window',
        kind: 'windowRecurring',
      },
    ];
  }
  if (start === null || end === null) {
    return [
      {
        path: windowPath,
        message: 'A flexible time needs the job to have a start and an end',
        kind: 'windowNeedsTime',
      },
    ];
  }
  const from = parseInstant(window.start);
  const until = parseInstant(window.end);
  if (from === null) {
    return [{ path: `${windowPath}.start`, message: 'Flexible from must be a date-time', kind: 'windowFromDateTime' }];
  }
  if (until === null) {
    return [{ path: `${windowPath}.end`, message: 'Flexible until must be a date-time', kind: 'windowUntilDateTime' }];
  }
  if (until <= from) {
    const message = 'Flexible until must be after flexible from';
    return [{ path: `${windowPath}.end`, message, kind: 'windowUntilAfterFrom' }];
  }
  if (until - from > flexibleWindowMaxHours * 60 * minuteMs) {
    return [
      {
        path: `${windowPath}.end`,
        message: `A flexible window can be at most ${flexibleWindowMaxHours} hours long`,
        kind: 'windowTooLong',
        values: { hours: flexibleWindowMaxHours },
      },
    ];
  }
  if (start < from || end > until) {
    return [
      {
        path: windowPath,
        message: 'The visit must lie inside its flexible window (widen the window or move the visit)',
        kind: 'visitInsideWindow',
      },
    ];
  }
  return [];
}

const flexibleWindowField = z
  .strictObject(
    {
      start: z.string({ error: 'Flexible from must be a date-time' }).max(40, { error: 'Flexible from is too long' }),
      end: z.string({ error: 'Flexible until must be a date-time' }).max(40, { error: 'Flexible until is too long' }),
    },
    { error: 'Flexible window must be an object with start and end, or null' },
  )
  .nullable();

const jobFields = {
  title: oneLineText('Title', jobLimits.titleMax),
  description: z
    .string({ error: 'Description must be text' })
    .max(jobLimits.descriptionMax, { error: `Description must be at most ${jobLimits.descriptionMax} characters` }),
  customerId: z.string({ error: 'Customer must be a customer id' }).max(64).nullable(),
  address: oneLineText('Address', jobLimits.addressMax, 0),
  lat: latField().nullable(),
  lng: lngField().nullable(),
  start: timeField('Start'),
  end: timeField('End'),
  allDay: z.boolean({ error: 'All-day must be true or false' }),
  priority: priorityField,
  assigneeIds: assigneesField,
  rrule: rruleField,
  flexibleWindow: flexibleWindowField,
};

export const jobCreateSchema = z
  .strictObject({
    title: jobFields.title,
    description: jobFields.description.default(''),
    customerId: jobFields.customerId.optional(),
    /** Defaults to the customer's address and position. */
    address: jobFields.address.optional(),
    lat: jobFields.lat.optional(),
    lng: jobFields.lng.optional(),
    start: jobFields.start.default(null),
    end: jobFields.end.default(null),
    allDay: jobFields.allDay.default(false),
    priority: priorityField.default(3),
    assigneeIds: assigneesField.default([]),
    rrule: rruleField.default(null),
    /** Null (the default): the time is fixed. */
    flexibleWindow: flexibleWindowField.default(null),
  })
  .superRefine((job, ctx) => {
    for (const issue of jobTimingIssues({ ...job, rrule: job.rrule || null })) {
      const params = ruleParams(issue);
      ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message, ...(params && { params }) });
    }
    if ((job.lat == null) !== (job.lng == null)) {
      ctx.addIssue({
        code: 'custom',
        path: [job.lat == null ? 'lat' : 'lng'],
        message: 'Give both latitude and longitude',
      });
    }
  });
export type JobCreate = z.infer<typeof jobCreateSchema>;

/** Every field optional; the merged job is checked again with `jobTimingIssues`. */
export const jobPatchSchema = z.strictObject(jobFields).partial();
export type JobPatch = z.infer<typeof jobPatchSchema>;

/** Which occurrences a PATCH or DELETE of a recurring job applies to (like every calendar). */
export const editScopes = ['this', 'following', 'all'] as const;
export type EditScope = (typeof editScopes)[number];
export const editScopeQuerySchema = z.object({
  scope: z.enum(editScopes, { error: 'Scope must be this, following or all' }).optional(),
  /** The original start of the occurrence edited (ISO instant, or date for all-day jobs). */
  occurrence: z.string().max(40, { error: 'Occurrence is too long' }).optional(),
});
export type EditScopeQuery = z.infer<typeof editScopeQuerySchema>;

export const jobExceptionSchema = z.object({
  /** The original start of the occurrence (its key). */
  occurrence: z.string(),
  /** `moved`: changed (time, technicians or status); `cancelled`: deleted from the series. */
  kind: z.enum(['moved', 'cancelled']),
  /** New times when the occurrence was moved; null when it keeps its own. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** Technicians of this occurrence only, when they differ from the series'. */
  assigneeIds: z.array(z.string()).nullable(),
  /** Status of this occurrence only. */
  status: jobStatusField.nullable(),
});
export type JobException = z.infer<typeof jobExceptionSchema>;

export const jobSchema = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  allDay: z.boolean(),
  status: jobStatusField,
  /** 1 (most urgent) to 5. */
  priority: z.number().int(),
  assigneeIds: z.array(z.string()),
  rrule: z.string().nullable(),
  /** Where the optimiser may move the visit (ISO instants); null: the time is fixed. */
  flexibleWindow: z.object({ start: z.string(), end: z.string() }).nullable(),
  exceptions: z.array(jobExceptionSchema),
  /** The online booking request that made this job (docs/adr/0030); null or absent: not booked online. */
  bookingRequest: jobBookingRequestSchema.optional(),
  ...versionedFields,
});
export type Job = z.infer<typeof jobSchema>;

/** What a write changed, so a client updates its cache without refetching. */
export const jobChangeSchema = z.object({
  /** Jobs created or changed, the addressed one first (scope "following" adds the new series). */
  jobs: z.array(jobSchema),
  /** Jobs deleted. */
  deletedIds: z.array(z.string()),
});
export type JobChange = z.infer<typeof jobChangeSchema>;

export const jobStatusChangeSchema = z.strictObject({
  status: jobStatusField,
  /** For a recurring job: the original start of the occurrence whose status changes. */
  occurrence: z.string().max(40, { error: 'Occurrence is too long' }).optional(),
});
export type JobStatusChange = z.infer<typeof jobStatusChangeSchema>;

export const jobListQuerySchema = pageQuerySchema.extend({
  /** `true`: the unscheduled queue (no time yet), most urgent first. */
  unscheduled: z.enum(['true', 'false'], { error: 'Unscheduled must be true or false' }).optional(),
  /**
   * `true`: the board's queue — one-off jobs waiting for a time or a technician (status
   * `unscheduled`; a timed one keeps its time), most urgent first.
   */
  queue: z.enum(['true', 'false'], { error: 'Queue must be true or false' }).optional(),
  status: jobStatusField.optional(),
  customerId: z.string().max(64).optional(),
  q: z.string().trim().max(200, { error: 'Search must be at most 200 characters' }).optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

export const jobPageSchema = pageSchema(jobSchema);
export type JobPage = z.infer<typeof jobPageSchema>;

const forward: JobStatus[] = ['scheduled', 'en_route', 'in_progress', 'completed'];
const withArticle = (status: JobStatus) =>
  `${/^[aeiou]/.test(jobStatusLabel[status]) ? 'An' : 'A'} ${jobStatusLabel[status]}`;

/**
 * Why `from → to` is not allowed (docs/PRODUCT.md, "States and transitions"), or null when it is. `anyJob`: the caller may
 * change any job's status (owner, dispatcher); others only move forward along the working states.
 * `ready`: the job (occurrence) has a time and at least one technician.
 */
export function statusTransitionIssue(from: JobStatus, to: JobStatus, anyJob: boolean, ready: boolean): string | null {
  if (from === to) return `The job is already ${jobStatusLabel[to]}`;
  const i = forward.indexOf(from);
  const j = forward.indexOf(to);
  const final = from === 'completed' || from === 'cancelled';
  const notReady = 'A job needs a time and at least one technician first';
  if (to === 'scheduled' && (from === 'unscheduled' || final)) {
    if (!anyJob) return final ? 'Only a dispatcher can reopen a job' : 'Only a dispatcher can schedule a job';
    return ready ? null : notReady;
  }
  if (i >= 0 && j > i) return ready ? null : notReady;
  if (to === 'cancelled' && !final) return anyJob ? null : 'Only a dispatcher can cancel a job';
  if (j >= 0 && i > j) return `${withArticle(from)} job can't go back to ${jobStatusLabel[to]}`;
  return `${withArticle(from)} job can't move to ${jobStatusLabel[to]}`;
}

/**
 * The status of one occurrence of a series: its own (an exception's) when set; otherwise the
 * series', where an unscheduled series whose occurrence has technicians counts as scheduled.
 */
export function occurrenceStatus(series: JobStatus, own: JobStatus | null, hasAssignees: boolean): JobStatus {
  if (own) return own;
  return series === 'unscheduled' && hasAssignees ? 'scheduled' : series;
}
