import { z } from 'zod';
import { dateFormatField, timeFormatField } from '../clock/settings.js';
import { limits } from '../limits.js';
import { languageField, latField, lngField, oneLineText, timeZoneField } from './fields.js';

const hhmm = (label: string) =>
  z.string({ error: `${label} is required` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
    error: `${label} must be a time like 07:00`,
  });

export const workingHoursSchema = z
  .strictObject({
    start: hhmm('Start of working hours'),
    end: hhmm('End of working hours'),
    /** Days of week, 0 = Sunday. */
    days: z
      .array(z.number().int().min(0).max(6), { error: 'Working days must be a list of weekdays' })
      .min(1, { error: 'Choose at least one working day' })
      .max(7),
  })
  .refine((h) => h.end > h.start, { error: 'End of working hours must be after the start', path: ['end'] });
export type WorkingHours = z.infer<typeof workingHoursSchema>;

/** A tile URL template: http(s) with {z}, {x} and {y}. */
export function isTileTemplate(value: string): boolean {
  return /^https?:\/\//i.test(value) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part));
}

export const mapSettingsSchema = z.strictObject({
  center: z.strictObject({ lat: latField('Map centre latitude'), lng: lngField('Map centre longitude') }),
  zoom: z
    .number({ error: 'Zoom must be a number' })
    .int({ error: 'Zoom must be a whole number' })
    .min(1, { error: 'Zoom must be between 1 and 19' })
    .max(19, { error: 'Zoom must be between 1 and 19' }),
  tileUrlTemplate: z
    .string({ error: 'Tile URL template is required' })
    .max(500, { error: 'Tile URL template must be at most 500 characters' })
    .refine(isTileTemplate, { error: 'Tile URL template must be an http(s) URL containing {z}, {x} and {y}' }),
  tileAttribution: z.string().max(300, { error: 'Tile attribution must be at most 300 characters' }),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;

export const slugField = z
  .string({ error: 'Slug is required' })
  .min(limits.slugMin, { error: `Slug must be at least ${limits.slugMin} characters` })
  .max(limits.slugMax, { error: `Slug must be at most ${limits.slugMax} characters` })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'Slug may use lowercase letters, digits and single dashes' });

/** How long a new job lasts when made from a slot or a day (minutes): 5 minutes to a day. */
export const defaultJobMinutesField = z
  .number({ error: 'Default job length must be a number of minutes' })
  .int({ error: 'Default job length must be whole minutes' })
  .min(5, { error: 'Default job length must be between 5 and 1440 minutes' })
  .max(1440, { error: 'Default job length must be between 5 and 1440 minutes' });

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  weekStart: z.number().int(),
  timeFormat: timeFormatField,
  dateFormat: dateFormatField,
  defaultJobMinutes: defaultJobMinutesField,
  /** Photos keep where they were taken (docs/PRODUCT.md, "Work record"); off by default. */
  keepPhotoLocation: z.boolean(),
  workingHours: workingHoursSchema,
  map: mapSettingsSchema,
  /** The language the workspace speaks to its customers: emails, booking, tracking, the visit report. */
  language: languageField,
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspacePatchSchema = z.strictObject({
  name: oneLineText('Workspace name', limits.workspaceNameMax).optional(),
  slug: slugField.optional(),
  timeZone: timeZoneField.optional(),
  weekStart: z
    .number({ error: 'First day of week must be a number' })
    .int()
    .min(0, { error: 'First day of week must be between 0 (Sunday) and 6' })
    .max(6, { error: 'First day of week must be between 0 (Sunday) and 6' })
    .optional(),
  timeFormat: timeFormatField.optional(),
  dateFormat: dateFormatField.optional(),
  defaultJobMinutes: defaultJobMinutesField.optional(),
  keepPhotoLocation: z.boolean({ error: 'Keep photo location must be true or false' }).optional(),
  workingHours: workingHoursSchema.optional(),
  map: mapSettingsSchema.optional(),
  language: languageField.optional(),
});
export type WorkspacePatch = z.infer<typeof workspacePatchSchema>;

export const defaultTileUrlTemplate = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const defaultTileAttribution = '© OpenStreetMap contributors';
