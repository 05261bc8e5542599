import { z } from 'zod';
import { calendarQuerySchema } from './calendar.js';

/** Where drive times came from: the default model, or the routing service (`ROUTING_URL`). */
export const travelSourceSchema = z.enum(['model', 'routing']);
export type TravelSource = z.infer<typeof travelSourceSchema>;

/** What every answer with drive times says of them. */
const travelSourceFields = {
  source: travelSourceSchema,
  /** Why drive times are estimates although a routing service is configured. */
  notice: z.string().optional(),
};

/** A drive, or a day's drives: minutes and km (rounded to 0.1). */
const driveFields = { driveMinutes: z.number(), distanceKm: z.number() };

/** One technician's local day (`2026-03-02`, workspace zone). */
const technicianDayFields = { memberId: z.string(), date: z.string() };

export const suggestLimits = { maxDays: 14, defaultDays: 7, defaultDurationMinutes: 60, options: 3 } as const;

/** `GET /workspaces/:ws/jobs/:id/suggestions`: the best (technician, start) options for an unscheduled job. */
export const suggestQuerySchema = z.object({
  /** The first local date searched (`2026-03-02`), default today in the workspace's zone; checked by the service. */
  from: z.string().max(10, { error: 'From must be a date such as 2026-03-02' }).optional(),
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .int({ error: 'Days must be a whole number' })
    .min(1, { error: `Days must be between 1 and ${suggestLimits.maxDays}` })
    .max(suggestLimits.maxDays, { error: `Days must be between 1 and ${suggestLimits.maxDays}` })
    .default(suggestLimits.defaultDays),
  /** An unscheduled job has no duration of its own: how long the visit takes. */
  durationMinutes: z.coerce
    .number({ error: 'Duration must be a number of minutes' })
    .int({ error: 'Duration must be a whole number of minutes' })
    .min(5, { error: 'Duration must be between 5 and 720 minutes' })
    .max(720, { error: 'Duration must be between 5 and 720 minutes' })
    .default(suggestLimits.defaultDurationMinutes),
});
export type SuggestQuery = z.infer<typeof suggestQuerySchema>;

export const slotSuggestionSchema = z.object({
  memberId: z.string(),
  /** ISO instants; `start` is on a 15-minute grid. */
  start: z.string(),
  end: z.string(),
  /** Drive added to the technician's day by fitting the job in (minutes, km; rounded to 0.1). */
  addedTravelMinutes: z.number(),
  addedDistanceKm: z.number(),
  /** The visit the technician drives from (absent: from home or the day's start) … */
  after: z.string().optional(),
  /** … and the one driven to next (absent: nothing later that day). Job ids. */
  before: z.string().optional(),
});
export type SlotSuggestion = z.infer<typeof slotSuggestionSchema>;

export const slotSuggestionsSchema = z.object({
  /** Best first: least added drive, then earliest. At most three. */
  options: z.array(slotSuggestionSchema),
  durationMinutes: z.number().int(),
  /** The site lies outside every service area (only when the workspace has areas): shown, not excluded. */
  outsideServiceAreas: z.boolean(),
  ...travelSourceFields,
});
export type SlotSuggestions = z.infer<typeof slotSuggestionsSchema>;

// Optimise a day: `GET /workspaces/:ws/optimise-day?memberId&date` previews the least-drive
// order of one technician's day; `POST /workspaces/:ws/optimise-day` applies it (the visits' new
// times, each with the version it was planned against: a stale one makes the whole apply a 412).

export const optimiseDayQuerySchema = z.object({
  memberId: z.string({ error: 'Technician must be a member id' }).min(1, { error: 'Choose a technician' }).max(64),
  /** The technician's local date in the workspace's zone (`2026-03-02`); checked by the service. */
  date: z.string({ error: 'Date must be a date such as 2026-03-02' }).max(10, {
    error: 'Date must be a date such as 2026-03-02',
  }),
});
export type OptimiseDayQuery = z.infer<typeof optimiseDayQuerySchema>;

/** What a plan of the day costs: the drive from the day's start through every visit (no drive home). */
export const dayFiguresSchema = z.object({
  ...driveFields,
  /** When the last visit ends (ISO instant); null when the day has no visits. */
  finish: z.string().nullable(),
});
export type DayFigures = z.infer<typeof dayFiguresSchema>;

export const plannedVisitSchema = z.object({
  jobId: z.string(),
  title: z.string(),
  /** The version the plan was made against: sent back with the apply. */
  version: z.number().int(),
  /** Fixed-time visits stay put; flexible ones may move within their window. */
  fixed: z.boolean(),
  /** ISO instants: the planned time … */
  start: z.string(),
  end: z.string(),
  /** … and today's start (equal to `start` when the visit does not move). */
  currentStart: z.string(),
});
export type PlannedVisit = z.infer<typeof plannedVisitSchema>;

export const optimiseDayPreviewSchema = z.object({
  ...technicianDayFields,
  /** How many of the day's visits have a flexible time. */
  flexibleVisits: z.number().int(),
  before: dayFiguresSchema,
  /** Null when there is nothing to reorder or no order fits (then `message` says which). */
  after: dayFiguresSchema.nullable(),
  /** The day's timed visits in the planned order (today's order when `after` is null). */
  visits: z.array(plannedVisitSchema),
  /** Visits whose time the plan changes. */
  changed: z.number().int(),
  /** Why there is no better plan: no flexible visits, no order fits, or today's order is already the best. */
  message: z.string().optional(),
  ...travelSourceFields,
});
export type OptimiseDayPreview = z.infer<typeof optimiseDayPreviewSchema>;

export const optimiseDayApplySchema = z.strictObject({
  memberId: optimiseDayQuerySchema.shape.memberId,
  date: optimiseDayQuerySchema.shape.date,
  /** The visits that move: their new times, each with the version the plan was made against. */
  visits: z
    .array(
      z.strictObject({
        jobId: z.string({ error: 'Job must be a job id' }).max(64),
        version: z.number({ error: 'Version must be a number' }).int({ error: 'Version must be a whole number' }),
        start: z.string({ error: 'Start must be a date-time' }).max(40, { error: 'Start is too long' }),
        end: z.string({ error: 'End must be a date-time' }).max(40, { error: 'End is too long' }),
      }),
      { error: 'Visits must be a list' },
    )
    .min(1, { error: 'Give at least one visit to move' })
    .max(100, { error: 'At most 100 visits can move at once' }),
});
export type OptimiseDayApply = z.infer<typeof optimiseDayApplySchema>;

// Travel gaps: `GET /workspaces/:ws/travel-legs?start&end` — the drives between each
// technician's consecutive visits on each local day of the visible range, from one provider answer,
// for the timeline's gap markers and the map's routes of the day.

export const travelLegsLimits = { maxDays: 42 } as const;

/** The calendar's visible range, read as the calendar feed reads it. */
export const travelLegsQuerySchema = calendarQuerySchema.pick({ start: true, end: true });
export type TravelLegsQuery = z.infer<typeof travelLegsQuerySchema>;

export const travelLegSchema = z.object({
  ...technicianDayFields,
  /** Calendar event ids, as the calendar feed has them: the visit driven from (null: the home base) … */
  fromEventId: z.string().nullable(),
  /** … and the visit driven to. */
  toEventId: z.string(),
  /**
   * Free minutes between the latest end of the day's visits before `toEventId` and its start (0 when
   * they overlap); null for the drive from the home base.
   */
  gapMinutes: z.number().nullable(),
  /** The drive. */
  ...driveFields,
  /** The gap is shorter than the drive (never for the drive from the home base). */
  tooShort: z.boolean(),
});
export type TravelLegAnswer = z.infer<typeof travelLegSchema>;

/** A technician's day: the drive from the home base (when known) through every visit in time order. */
export const travelDaySchema = z.object({
  ...technicianDayFields,
  /** Timed, not cancelled visits of the day. */
  visits: z.number().int(),
  ...driveFields,
  /** How many of the day's drives are too short. */
  tooShort: z.number().int(),
});
export type TravelDay = z.infer<typeof travelDaySchema>;

export const travelLegsSchema = z.object({
  /** By technician (member id), date, then time. */
  legs: z.array(travelLegSchema),
  /** Every technician-day with a visit, by technician and date. */
  days: z.array(travelDaySchema),
  ...travelSourceFields,
});
export type TravelLegs = z.infer<typeof travelLegsSchema>;
