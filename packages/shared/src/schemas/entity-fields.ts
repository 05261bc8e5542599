import { z } from 'zod';

// Field groups that many answers share, spread into their schemas so each is said once.

/** A visit: a one-off job (occurrence null) or one occurrence of a recurring job. */
export const visitFields = {
  jobId: z.string(),
  /** The occurrence's original start as an ISO instant (or date when all-day); null for a one-off job. */
  occurrence: z.string().nullable(),
};

/** A position as answered (WGS84 degrees); what is sent is checked by `latField` and `lngField`. */
export const positionFields = { lat: z.number(), lng: z.number() };
export const positionSchema = z.object(positionFields);

/** An entity edited with `If-Match`: the version to send back, and when it was made and last changed (ISO instants). */
export const versionedFields = {
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
