import { z } from 'zod';
import { visitFields } from './entity-fields.js';
import { latField, lngField } from './fields.js';

/** Photo limits of docs/PRODUCT.md, "Work record" (the byte limits per photo and per workspace are server settings). */
export const photoLimits = {
  captionChars: 500,
  /** The browser-made thumbnail: a JPEG of at most this many bytes. */
  thumbnailBytes: 100 * 1024,
  /** The chunk size the web app sends; a PATCH carries at most `maxChunkBytes`. */
  chunkBytes: 1024 * 1024,
  maxChunkBytes: 4 * 1024 * 1024,
  /** Width and height in pixels. */
  maxDimension: 20_000,
  /** An upload not finished this long after it began is dropped, and stops counting toward the quota. */
  unfinishedUploadHours: 24,
} as const;

/** The only image types stored and served (checked by the bytes, never by the name or the header). */
export const photoContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoContentType = (typeof photoContentTypes)[number];

const captionField = z
  .string({ error: 'Caption must be text' })
  .trim()
  .max(photoLimits.captionChars, { error: `Caption must be at most ${photoLimits.captionChars} characters` });

const dimension = (label: string) =>
  z
    .number({ error: `${label} must be a number of pixels` })
    .int({ error: `${label} must be a whole number of pixels` })
    .min(1, { error: `${label} must be at least 1 pixel` })
    .max(photoLimits.maxDimension, { error: `${label} must be at most ${photoLimits.maxDimension} pixels` });

// base64 of at most thumbnailBytes: 4 characters for every 3 bytes, padded.
const thumbnailChars = Math.ceil(photoLimits.thumbnailBytes / 3) * 4;

/** POST …/jobs/:id/photos: begins (or, with the same id, resumes) an upload. */
export const photoCreateSchema = z.strictObject({
  id: z.uuid({ error: 'Id must be a UUID made by the client' }),
  size: z
    .number({ error: 'Size must be a number of bytes' })
    .int({ error: 'Size must be a whole number of bytes' })
    .min(1, { error: 'Size must be at least 1 byte' }),
  contentType: z.enum(photoContentTypes, { error: 'Content type must be image/jpeg, image/png or image/webp' }),
  width: dimension('Width'),
  height: dimension('Height'),
  caption: captionField.optional(),
  /** Where it was taken (the original's EXIF GPS); stored only when the workspace keeps photo locations. */
  lat: latField().optional(),
  lng: lngField().optional(),
  thumbnail: z
    .string({ error: 'Thumbnail is required: a base64 JPEG' })
    .min(1, { error: 'Thumbnail is required: a base64 JPEG' })
    .max(thumbnailChars, { error: `Thumbnail must be at most ${photoLimits.thumbnailBytes / 1024} KB` })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Thumbnail must be base64 (no data: prefix)' }),
});
export type PhotoCreate = z.infer<typeof photoCreateSchema>;

/** PATCH …/photos/:photoId (with If-Match). */
export const photoPatchSchema = z.strictObject({ caption: captionField });
export type PhotoPatch = z.infer<typeof photoPatchSchema>;

/** A finished photo of a visit. `url` and `thumbUrl` are authorised routes of the API (the session cookie). */
export const photoSchema = z.object({
  id: z.string(),
  ...visitFields,
  caption: z.string(),
  contentType: z.enum(photoContentTypes),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  createdAt: z.string(),
  uploadedBy: z.string(),
  uploadedByName: z.string(),
  /** Where it was taken; null unless the workspace keeps photo locations and the photo had one. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  url: z.string(),
  thumbUrl: z.string(),
  version: z.number().int(),
});
export type Photo = z.infer<typeof photoSchema>;

/** An upload still under way: send bytes from `offset` on. */
export const photoUploadPendingSchema = z.object({
  id: z.string(),
  offset: z.number().int(),
  size: z.number().int(),
  complete: z.literal(false),
});

/** What POST …/photos answers: the upload's state, or (for a replay of a finished one) the photo. */
export const photoUploadSchema = z.union([photoUploadPendingSchema, photoSchema.extend({ complete: z.literal(true) })]);
export type PhotoUpload = z.infer<typeof photoUploadSchema>;

/** The headers of the upload protocol (docs/PRODUCT.md, "Work record"). */
export const uploadHeaders = {
  offset: 'Upload-Offset',
  /** HEAD's answer whether the upload is finished: `?1` or `?0` (a structured-field boolean, RFC 8941). */
  complete: 'Upload-Complete',
  contentType: 'application/offset+octet-stream',
} as const;
