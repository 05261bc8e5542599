import { z } from 'zod';
import { calendarEventSchema, calendarQuerySchema } from './calendar.js';
import { versionedFields } from './entity-fields.js';
import { colourField, oneLineText } from './fields.js';

/** Calendar subscriptions (import) and iCal links (export) (docs/PRODUCT.md, "Entities and fields"). */
export const feedLimits = {
  nameMax: 80,
  urlMax: 2048,
  refreshMinutesMin: 15,
  refreshMinutesMax: 1440,
  refreshMinutesDefault: 60,
  /** The largest iCalendar body we read, after decompression. */
  bodyBytes: 5 * 1024 * 1024,
  perWorkspace: 50,
  tokensPerWorkspace: 200,
} as const;

/**
 * Why a subscription URL is not acceptable, or null. Only http, https and webcal (read as https);
 * no user name or password in it; at most 2,048 characters. Where the host points is checked by
 * the server when it fetches (private addresses are refused there).
 */
export function feedUrlIssue(value: string): string | null {
  if (value.length > feedLimits.urlMax) return `URL must be at most ${feedLimits.urlMax} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'URL must be a web address such as https://example.com/calendar.ics';
  }
  if (!['http:', 'https:', 'webcal:'].includes(url.protocol))
    return 'URL must start with http://, https:// or webcal://';
  if (url.username !== '' || url.password !== '') return 'URL must not contain a user name or password';
  if (url.hostname === '') return 'URL must name a host';
  return null;
}

export const feedUrlField = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, { error: 'URL is required' })
  .superRefine((value, ctx) => {
    const issue = feedUrlIssue(value);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  })
  .meta({ description: 'http(s) or webcal:// address of an iCalendar file (≤ 2,048 characters)' });

const refreshMinutesField = z
  .number({ error: 'Refresh interval must be a number of minutes' })
  .int({ error: 'Refresh interval must be a whole number of minutes' })
  .min(feedLimits.refreshMinutesMin, {
    error: `Refresh interval must be at least ${feedLimits.refreshMinutesMin} minutes`,
  })
  .max(feedLimits.refreshMinutesMax, {
    error: `Refresh interval must be at most ${feedLimits.refreshMinutesMax} minutes`,
  });

/** A technician's member id (their busy time), or null for the whole workspace. */
const memberIdField = z.string().max(64).nullable();

const feedFields = {
  name: oneLineText('Name', feedLimits.nameMax),
  url: feedUrlField,
  colour: colourField,
  memberId: memberIdField,
  refreshMinutes: refreshMinutesField,
};

export const feedCreateSchema = z.strictObject({
  ...feedFields,
  memberId: memberIdField.default(null),
  refreshMinutes: refreshMinutesField.default(feedLimits.refreshMinutesDefault),
});
export type FeedCreate = z.infer<typeof feedCreateSchema>;

export const feedPatchSchema = z.strictObject(feedFields).partial();
export type FeedPatch = z.infer<typeof feedPatchSchema>;

export const feedStatuses = ['pending', 'ok', 'failing'] as const;
export type FeedStatus = (typeof feedStatuses)[number];

export const feedSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  colour: z.string(),
  memberId: z.string().nullable(),
  refreshMinutes: z.number().int(),
  /** `pending` until the first fetch; `failing` keeps the last good copy and says why in lastError. */
  status: z.enum(feedStatuses),
  lastError: z.string().nullable(),
  /** The last attempt, successful or not (ISO instant). */
  lastFetchedAt: z.string().nullable(),
  /** The last successful fetch: the copy in use is from then. */
  lastSuccessAt: z.string().nullable(),
  eventCount: z.number().int(),
  ...versionedFields,
});
export type Feed = z.infer<typeof feedSchema>;
export const feedListSchema = z.array(feedSchema);

export const feedTokenCreateSchema = z.strictObject({
  /** A technician's member id (their jobs), or null for every job of the workspace. */
  memberId: memberIdField.default(null),
});
export type FeedTokenCreate = z.infer<typeof feedTokenCreateSchema>;

export const feedTokenSchema = z.object({
  id: z.string(),
  memberId: z.string().nullable(),
  /** The last four characters of the token, to tell links apart (the token itself is never shown again). */
  hint: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /**
   * Why the link ended by itself, in words ("Tim Tech was deactivated"): its technician, or the
   * member who made it, was deactivated or lost the role that could make it. Null when revoked by hand.
   */
  revokedReason: z.string().nullable(),
});
export type FeedToken = z.infer<typeof feedTokenSchema>;
export const feedTokenListSchema = z.array(feedTokenSchema);
/** The answer to creating a link: the only time its URL is shown. */
export const feedTokenCreatedSchema = feedTokenSchema.extend({ url: z.string() });
export type FeedTokenCreated = z.infer<typeof feedTokenCreatedSchema>;

/** Busy time is asked for the calendar's visible range. */
export const busyQuerySchema = calendarQuerySchema.pick({ start: true, end: true, timeZone: true });
export type BusyQuery = z.infer<typeof busyQuerySchema>;

/** One imported event (or occurrence) as a FullCalendar background event. */
export const busyEventSchema = calendarEventSchema
  .pick({ id: true, title: true, start: true, end: true, allDay: true, backgroundColor: true })
  .extend({
    display: z.literal('background'),
    /** The technician's row (a member feed); absent for workspace-wide busy time. */
    resourceIds: z.array(z.string()).optional(),
    extendedProps: z.object({ feedId: z.string(), memberId: z.string().nullable() }),
  });
export type BusyEvent = z.infer<typeof busyEventSchema>;
export const busyEventsSchema = z.array(busyEventSchema);
