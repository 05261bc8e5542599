import { z } from 'zod';

/** Where drive times came from: the default model, or the routing service (`ROUTING_URL`). */
export const travelSourceSchema = z.enum(['model', 'routing']);
export type TravelSource = z.infer<typeof travelSourceSchema>;

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
  source: travelSourceSchema,
  /** Why drive times are estimates although a routing service is configured. */
  notice: z.string().optional(),
});
export type SlotSuggestions = z.infer<typeof slotSuggestionsSchema>;
