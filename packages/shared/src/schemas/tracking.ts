import { z } from 'zod';
import { dateFormatField, timeFormatField } from '../clock/settings.js';
import { positionFields, visitFields } from './entity-fields.js';
import { languageField } from './fields.js';

/**
 * The customer's tracking link (docs/adr/0011): everything `GET /api/v1/track/:token` and
 * its public channel show — and nothing else. Strict, so a field added by mistake fails the response.
 */
export const trackingStatuses = ['scheduled', 'en_route', 'in_progress'] as const;
export type TrackingStatus = (typeof trackingStatuses)[number];

export const trackingPositionSchema = z.strictObject({
  /** Snapped to the centre of a ≈ 200 m cell (`coarsenPosition`). */
  ...positionFields,
  /** When the technician's device took the fix. */
  at: z.string(),
});
export type TrackingPosition = z.infer<typeof trackingPositionSchema>;

export const trackingViewSchema = z.strictObject({
  status: z.enum(trackingStatuses),
  /** The visit's time window (ISO instants). */
  window: z.strictObject({ start: z.string(), end: z.string() }),
  technician: z.strictObject({ firstName: z.string(), colour: z.string() }),
  /** Only while en route, and only when the technician shared a position in the last 30 minutes. */
  position: trackingPositionSchema.nullable(),
  /** Estimated arrival (travel model) from `position`; null whenever it is. */
  eta: z.string().nullable(),
});
export type TrackingView = z.infer<typeof trackingViewSchema>;

/**
 * The API's answer: the view, the public channel it updates on, and how the page speaks — the
 * customer's language (else the business's) and the business's time and date formats.
 */
export const trackingPageSchema = trackingViewSchema.extend({
  channel: z.string(),
  language: languageField,
  timeFormat: timeFormatField,
  dateFormat: dateFormatField,
});
export type TrackingPage = z.infer<typeof trackingPageSchema>;

/** Events on the link's channel: `update` carries a TrackingView, `ended` says the link stopped working. */
export const trackingEvents = { update: 'update', ended: 'ended' } as const;

/** A public channel named after the token's SHA-256 (hex): unguessable without the token. */
export const trackingChannel = (tokenHash: string) => `track-${tokenHash.slice(0, 32)}`;

/** What dispatchers see of a job's live link (`GET /workspaces/:ws/tracking-links?jobId=`). */
export const trackingLinkSchema = z.object({
  id: z.string(),
  ...visitFields,
  url: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

export const trackingLinkQuerySchema = z.object({ jobId: z.string().min(1).max(64) });
