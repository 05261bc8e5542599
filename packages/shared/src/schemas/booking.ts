import { z } from 'zod';
import { dateFormatField, timeFormatField } from '../clock/settings.js';
import { customerLimits, phoneField } from './customers.js';
import { positionFields } from './entity-fields.js';
import { emailField, languageField, latField, lngField, oneLineText } from './fields.js';

/**
 * Online booking (docs/PRODUCT.md, "Online booking"; docs/adr/0030-online-booking.md): a public page per
 * workspace where a customer picks a service and a suggested slot; the request lands as a scheduled job
 * that holds the slot until the office confirms or declines it (or the hold expires).
 */
export const bookingLimits = {
  serviceNameMax: 80,
  durationMin: 15,
  durationMax: 480,
  /** Services per workspace. */
  servicesMax: 50,
  introMax: 1000,
  holdHoursMin: 1,
  holdHoursMax: 168,
  pendingCapMin: 1,
  pendingCapMax: 1000,
  /** Pending requests one email address may have in one workspace at a time. */
  pendingPerEmail: 3,
  /**
   * Pending requests from one client address, and from one network (an IPv4 /24, an IPv6 /64), in one
   * workspace at a time: beneath the workspace's cap, so one sender cannot fill it for everyone.
   */
  pendingPerAddress: 3,
  pendingPerNetwork: 10,
  /** How long the office is shown that a cap turned requests away (ms after the last one). */
  capHitShownMs: 24 * 60 * 60_000,
  horizonDaysMin: 1,
  horizonDaysMax: 60,
  minNoticeHoursMax: 168,
  /** Days searched by one slot request (from `from`), capped by the horizon. */
  slotSearchDays: 7,
  /** Slots answered by one slot request. */
  slotsMax: 60,
  notesMax: 1000,
  declineReasonMax: 500,
} as const;

export const bookingRequestStatuses = ['pending', 'confirmed', 'declined', 'expired'] as const;
export type BookingRequestStatus = (typeof bookingRequestStatuses)[number];

const intField = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be between ${min} and ${max}` })
    .max(max, { error: `${label} must be between ${min} and ${max}` });

// --- Office: settings -----------------------------------------------------------------------------

export const bookingSettingsInputSchema = z.strictObject({
  /** Off (the default): the public page and its API answer 404. */
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
  /** On: a request is confirmed at once (no hold, no office step). */
  autoConfirm: z.boolean({ error: 'Auto-confirm must be true or false' }),
  /** How long a pending request holds its slot before it expires. */
  holdHours: intField('Hold', bookingLimits.holdHoursMin, bookingLimits.holdHoursMax),
  /** Pending requests the workspace accepts at once; more are refused (429) until some are decided. */
  pendingCap: intField('Pending cap', bookingLimits.pendingCapMin, bookingLimits.pendingCapMax),
  /** How far ahead a customer may book (days from today). */
  horizonDays: intField('Horizon', bookingLimits.horizonDaysMin, bookingLimits.horizonDaysMax),
  /** The earliest slot offered is at least this many hours from now. */
  minNoticeHours: intField('Minimum notice', 0, bookingLimits.minNoticeHoursMax),
  /** Shown at the top of the public page, as plain text. */
  intro: z
    .string({ error: 'Intro must be text' })
    .max(bookingLimits.introMax, { error: `Intro must be at most ${bookingLimits.introMax} characters` }),
});
export type BookingSettingsInput = z.infer<typeof bookingSettingsInputSchema>;

export const bookingSettingsSchema = bookingSettingsInputSchema.extend({
  /** 0 before the first save; PUT with `If-Match` of this version. */
  version: z.number().int(),
  /** The public booking page (absolute when PUBLIC_URL is set, else a path). */
  publicUrl: z.string(),
  /** An `<iframe>` to paste into the business's own site. */
  embedSnippet: z.string(),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

// --- Office: services -----------------------------------------------------------------------------

const technicianIdsField = z
  .array(z.string().max(64), { error: 'Technicians must be a list of member ids' })
  .max(200, { error: 'At most 200 technicians' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Each technician can be listed only once' });

const serviceFields = {
  name: oneLineText('Name', bookingLimits.serviceNameMax),
  durationMinutes: intField('Duration', bookingLimits.durationMin, bookingLimits.durationMax).refine(
    (m) => m % 5 === 0,
    { error: 'Duration must be a multiple of 5 minutes' },
  ),
  /** Active technicians who do this service; empty: every active technician. */
  technicianIds: technicianIdsField,
  /** An inactive service is not offered on the public page. */
  active: z.boolean({ error: 'Active must be true or false' }),
  /** Order on the public page (lowest first). */
  position: intField('Position', 0, 10_000),
};

export const bookingServiceCreateSchema = z.strictObject({
  name: serviceFields.name,
  durationMinutes: serviceFields.durationMinutes,
  technicianIds: serviceFields.technicianIds.default([]),
  active: serviceFields.active.default(true),
  position: serviceFields.position.optional(),
});
export type BookingServiceCreate = z.infer<typeof bookingServiceCreateSchema>;

export const bookingServicePatchSchema = z.strictObject(serviceFields).partial();
export type BookingServicePatch = z.infer<typeof bookingServicePatchSchema>;

export const bookingServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  durationMinutes: z.number().int(),
  technicianIds: z.array(z.string()),
  active: z.boolean(),
  position: z.number().int(),
  version: z.number().int(),
});
export type BookingService = z.infer<typeof bookingServiceSchema>;

export const bookingServiceListSchema = z.object({ items: z.array(bookingServiceSchema) });
export type BookingServiceList = z.infer<typeof bookingServiceListSchema>;

// --- Office: requests -----------------------------------------------------------------------------

export const bookingRequestListQuerySchema = z.object({
  /** `pending` (the default): only those waiting for a decision, oldest first; `all`: newest first, ≤ 200. */
  status: z.enum(['pending', 'all'], { error: 'Status must be pending or all' }).default('pending'),
});
export type BookingRequestListQuery = z.infer<typeof bookingRequestListQuerySchema>;

export const bookingRequestSchema = z.object({
  id: z.string(),
  status: z.enum(bookingRequestStatuses),
  jobId: z.string().nullable(),
  serviceId: z.string().nullable(),
  serviceName: z.string(),
  /** The slot (ISO instants), as requested. */
  start: z.string(),
  end: z.string(),
  technicianId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string(),
  ...positionFields,
  notes: z.string(),
  /** When a pending request expires (declined by itself, slot freed); null once decided. */
  holdExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The member who confirmed or declined it; null when auto-confirmed or expired. */
  decidedBy: z.string().nullable(),
  declineReason: z.string().nullable(),
  version: z.number().int(),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

/** Which pending cap refused a request: the workspace's, one network's (/24, /64) or one address's. */
export const bookingCapScopes = ['workspace', 'network', 'address'] as const;
export type BookingCapScope = (typeof bookingCapScopes)[number];

export const bookingRequestListSchema = z.object({
  items: z.array(bookingRequestSchema),
  /** Pending requests of the workspace (the nav badge). */
  pendingCount: z.number().int(),
  /** The last request the booking page refused at a pending cap, within the last day; null: none. */
  capHit: z.object({ at: z.string(), scope: z.enum(bookingCapScopes) }).nullable(),
});
export type BookingRequestList = z.infer<typeof bookingRequestListSchema>;

export const bookingDeclineSchema = z.strictObject({
  /** Kept with the request (office only; the customer's email says sorry without it). */
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(bookingLimits.declineReasonMax, {
      error: `Reason must be at most ${bookingLimits.declineReasonMax} characters`,
    })
    .optional(),
});
export type BookingDecline = z.infer<typeof bookingDeclineSchema>;

/**
 * A `booking_request` change (the live entity, docs/adr/0020): no customer details, since every member
 * reads the workspace channel; the office re-reads its list on one. `pendingCount` keeps the badge right.
 */
export const bookingRequestChangeSchema = bookingRequestSchema
  .pick({ id: true, status: true, jobId: true, version: true })
  .extend({ pendingCount: z.number().int() });
export type BookingRequestChange = z.infer<typeof bookingRequestChangeSchema>;

/** What a job carries of its booking request (null: not booked online). */
export const jobBookingRequestSchema = bookingRequestSchema.pick({ id: true, status: true }).nullable();
export type JobBookingRequest = z.infer<typeof jobBookingRequestSchema>;

// --- Public page ----------------------------------------------------------------------------------

export const publicBookingServiceSchema = bookingServiceSchema.pick({ id: true, name: true, durationMinutes: true });
export type PublicBookingService = z.infer<typeof publicBookingServiceSchema>;

export const publicBookingPageSchema = z.object({
  company: z.object({ name: z.string(), phone: z.string().nullable() }),
  intro: z.string(),
  services: z.array(publicBookingServiceSchema),
  horizonDays: z.number().int(),
  /** The workspace's IANA zone: slots are shown in it. */
  timeZone: z.string(),
  /** How the business writes times and dates (its Settings), on the page as in the app. */
  timeFormat: timeFormatField,
  dateFormat: dateFormatField,
  /** The language the workspace speaks to its customers: the page's, unless the customer picks another. */
  language: languageField,
});
export type PublicBookingPage = z.infer<typeof publicBookingPageSchema>;

export const publicSlotsRequestSchema = z.strictObject({
  serviceId: z.string({ error: 'Choose a service' }).min(1, { error: 'Choose a service' }).max(64),
  lat: latField(),
  lng: lngField(),
  /** First local date searched (workspace zone), default today; seven days are searched. */
  from: z
    .string({ error: 'From must be a date such as 2026-03-02' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'From must be a date such as 2026-03-02' })
    .optional(),
});
export type PublicSlotsRequest = z.infer<typeof publicSlotsRequestSchema>;

export const publicSlotSchema = z.object({
  /** ISO instants. */
  start: z.string(),
  end: z.string(),
  /** Opaque, signed: names the technician, start and service; sent back with the request. */
  token: z.string(),
  /** The technician's first name, when known. */
  with: z.string().optional(),
});
export type PublicSlot = z.infer<typeof publicSlotSchema>;

export const publicSlotsSchema = z.object({ slots: z.array(publicSlotSchema) });
export type PublicSlots = z.infer<typeof publicSlotsSchema>;

export const publicChallengeSchema = z.object({
  /** Find `nonce` so that sha256(`${challenge}:${nonce}`) starts with `difficulty` zero bits. */
  challenge: z.string(),
  difficulty: z.number().int(),
});
export type PublicChallenge = z.infer<typeof publicChallengeSchema>;

export const publicBookingSubmitSchema = z.strictObject({
  slotToken: z.string({ error: 'Choose a time' }).min(1, { error: 'Choose a time' }).max(1000),
  serviceId: z.string({ error: 'Choose a service' }).min(1, { error: 'Choose a service' }).max(64),
  name: oneLineText('Name', customerLimits.nameMax),
  email: emailField,
  phone: z.preprocess((v) => (v === '' ? undefined : v), phoneField.optional()),
  address: oneLineText('Address', customerLimits.addressMax),
  lat: latField(),
  lng: lngField(),
  notes: z
    .string({ error: 'Notes must be text' })
    .max(bookingLimits.notesMax, { error: `Notes must be at most ${bookingLimits.notesMax} characters` })
    .optional(),
  /** Honeypot: a hidden field people leave empty. */
  website: z.string().max(500).optional(),
  /** The language the customer booked in: theirs from now on, unless the office set another. */
  language: languageField.optional(),
  challenge: z.string({ error: 'Challenge is required' }).min(1).max(500),
  nonce: z.string({ error: 'Nonce is required' }).min(1).max(100),
});
export type PublicBookingSubmit = z.infer<typeof publicBookingSubmitSchema>;

export const publicBookingResultSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'confirmed']),
  start: z.string(),
  end: z.string(),
  serviceName: z.string(),
});
export type PublicBookingResult = z.infer<typeof publicBookingResultSchema>;

/** The problem body of a 409 `slot_taken`: fresh suggestions to choose from instead. */
export const slotTakenProblemExtraSchema = z.object({ slots: z.array(publicSlotSchema) });

/** Leading zero bits of a SHA-256 digest (bytes), for the proof of work; shared by server and page. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}
