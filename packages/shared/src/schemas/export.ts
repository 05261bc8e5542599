import { z } from 'zod';
import { calendarQuerySchema } from './calendar.js';
import { customerCreateSchema } from './customers.js';
import { colourField, emailField, languageField, oneLineText, requiredText, timeZoneField } from './fields.js';
import { jobLimits, jobListQuerySchema, jobStatusField } from './jobs.js';
import { roleField } from './members.js';
import { checklistItemSchema, checklistTemplateCreateSchema, signatureRules } from './work-record.js';
import { mapSettingsSchema, workingHoursSchema } from './workspace.js';

/**
 * Spreadsheet export and the whole-workspace archive (docs/adr/0035-export-and-workspace-archive.md).
 * `csv`: RFC 4180, UTF-8, `,`; `csv-excel`: the same with a byte-order mark and `;` (what Excel opens
 * directly in most European locales); `xlsx`: an Excel workbook.
 */
export const exportFormats = ['csv', 'csv-excel', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const exportFormatField = z
  .enum(exportFormats, { error: 'Format must be csv, csv-excel or xlsx' })
  .default('csv');

/** The customers list's filter (its search), without paging. */
export const customerExportQuerySchema = z.object({
  format: exportFormatField,
  q: z.string().trim().max(200, { error: 'Search must be at most 200 characters' }).optional(),
});
export type CustomerExportQuery = z.infer<typeof customerExportQuerySchema>;

/** The jobs list's filters (status, customer, search, queue), without paging. */
export const jobExportQuerySchema = jobListQuerySchema
  .pick({ unscheduled: true, queue: true, status: true, customerId: true, q: true })
  .extend({ format: exportFormatField });
export type JobExportQuery = z.infer<typeof jobExportQuerySchema>;

/** The calendar's filters: a range of ≤ 100 days, a technician, statuses; one row per visit. */
export const visitExportQuerySchema = calendarQuerySchema.extend({ format: exportFormatField });
export type VisitExportQuery = z.infer<typeof visitExportQuerySchema>;

// ---- The workspace archive -------------------------------------------------------------------------

/** The archive format's version: a restore refuses another major, reads any minor of its own. */
export const archiveFormat = { name: 'fieldplan-workspace-archive', major: 1, minor: 0 } as const;

export const archiveLimits = {
  /** The uploaded zip. */
  uploadBytes: 6 * 1024 ** 3,
  /** Entries in the zip (the JSON-lines files, photos and their thumbnails, signatures). */
  entries: 250_000,
  /** All entries unpacked together (the photo quota of 5 GB and the records). */
  unpackedBytes: 8 * 1024 ** 3,
  /** One JSON line. */
  lineBytes: 1024 ** 2,
  /** An entry larger than 1 MiB unpacked may be at most this many times its packed size (zip bombs). */
  maxRatio: 200,
  /** Restores a minute per member (and downloads of the archive). */
  perMinute: 3,
  /** Restores a day per person: each makes a workspace and invitations, so a script can't make thousands. */
  restoresPerDay: 20,
} as const;

const id = z.string().min(1).max(64);
const instant = z.number().int().min(0).max(8_640_000_000_000_000);
const version = z.number().int().min(1);
const occurrenceKey = z.number().int();

/** The files of an archive, in the order a restore reads them (references point backwards). */
export const archiveFiles = [
  'workspace',
  'members',
  'customers',
  'areas',
  'checklist-templates',
  'jobs',
  'job-checklists',
  'notes',
  'checklists',
  'signatures',
  'status-times',
  'photos',
] as const;
export type ArchiveFile = (typeof archiveFiles)[number];

export const archiveManifestSchema = z.strictObject({
  format: z.literal(archiveFormat.name, { error: `Format must be ${archiveFormat.name}` }),
  /** "1.0": major.minor. */
  version: z.string().regex(/^\d{1,3}\.\d{1,3}$/, { error: 'Version must look like 1.0' }),
  createdAt: z.string().max(40),
  app: z.string().max(80),
  workspace: z.strictObject({ id, name: z.string().max(200) }),
  /** Lines in each `<file>.jsonl`. */
  counts: z.partialRecord(z.enum(archiveFiles), z.number().int().min(0)),
});
export type ArchiveManifest = z.infer<typeof archiveManifestSchema>;

const archiveWorkspace = z.strictObject({
  id,
  name: oneLineText('Name', 80),
  timeZone: timeZoneField,
  weekStart: z.number().int().min(0).max(6),
  timeFormat: z.enum(['24h', '12h']),
  dateFormat: z.enum(['dmy', 'mdy', 'ymd']),
  defaultJobMinutes: z.number().int().min(5).max(1440),
  keepPhotoLocation: z.boolean(),
  workingHours: workingHoursSchema,
  map: mapSettingsSchema,
  /** Absent in archives made before workspaces had a language: English. */
  language: languageField.optional(),
});

const archiveMember = z.strictObject({
  id,
  email: emailField,
  name: oneLineText('Name', 80, 0),
  role: roleField,
  colour: colourField,
  homeLat: z.number().min(-90).max(90).nullable(),
  homeLng: z.number().min(-180).max(180).nullable(),
  active: z.boolean(),
});

const archiveCustomer = customerCreateSchema.extend({
  id,
  notes: customerCreateSchema.shape.notes,
  version,
  createdAt: instant,
  updatedAt: instant,
});

const archiveArea = z.strictObject({
  id,
  name: oneLineText('Name', 80),
  colour: colourField,
  kind: z.enum(['Polygon', 'MultiPolygon', 'Circle']),
  /** The stored shape (GeoJSON or circle), re-checked by the restore's insert as stored. */
  geometry: z.record(z.string(), z.unknown()),
  vertexCount: z.number().int().min(0).max(5000),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  version,
  createdAt: instant,
  updatedAt: instant,
});

const archiveTemplate = z.strictObject({
  id,
  name: checklistTemplateCreateSchema.shape.name,
  titlePattern: oneLineText('Title pattern', 120, 0).nullable(),
  items: z.array(checklistItemSchema).min(1).max(100),
  signature: z.enum(signatureRules),
  version,
  createdAt: instant,
  updatedAt: instant,
});

const archiveException = z.strictObject({
  occurrenceKey,
  kind: z.enum(['moved', 'cancelled']),
  start: instant.nullable(),
  end: instant.nullable(),
  assigneeIds: z.array(id).max(jobLimits.maxAssignees).nullable(),
  status: jobStatusField.nullable(),
  createdAt: instant,
});

const archiveJob = z.strictObject({
  id,
  customerId: id.nullable(),
  title: oneLineText('Title', jobLimits.titleMax),
  description: z.string().max(jobLimits.descriptionMax),
  address: oneLineText('Address', jobLimits.addressMax, 0),
  lat: z.number().min(-90).max(90).nullable(),
  lng: z.number().min(-180).max(180).nullable(),
  start: instant.nullable(),
  end: instant.nullable(),
  allDay: z.boolean(),
  status: jobStatusField,
  priority: z.number().int().min(1).max(5),
  rrule: z.string().max(jobLimits.rruleMax).nullable(),
  spanStart: instant.nullable(),
  spanEnd: instant.nullable(),
  flexStart: instant.nullable(),
  flexEnd: instant.nullable(),
  assigneeIds: z.array(id).max(jobLimits.maxAssignees),
  exceptions: z.array(archiveException).max(1000),
  createdBy: id.nullable(),
  version,
  createdAt: instant,
  updatedAt: instant,
});

const visitRef = { jobId: id, occurrenceKey };

/** One line of each file, checked on restore before anything is written. */
export const archiveLineSchemas = {
  workspace: archiveWorkspace,
  members: archiveMember,
  customers: archiveCustomer,
  areas: archiveArea,
  'checklist-templates': archiveTemplate,
  jobs: archiveJob,
  'job-checklists': z.strictObject({ jobId: id, templateId: id, position: z.number().int().min(0) }),
  notes: z.strictObject({
    id,
    ...visitRef,
    authorId: id,
    body: requiredText('Body', 4000),
    version,
    createdAt: instant,
    updatedAt: instant,
  }),
  checklists: z.strictObject({
    id,
    ...visitRef,
    templateId: id,
    name: oneLineText('Name', 120, 0),
    items: z.array(checklistItemSchema).max(100),
    signature: z.enum(signatureRules),
    answers: z.record(z.string(), z.unknown()),
    answerVersions: z.record(z.string(), z.number().int()),
    version,
    updatedAt: instant,
    updatedBy: id.nullable(),
  }),
  /** The PNG is `signatures/<id>.png`. */
  signatures: z.strictObject({
    id,
    ...visitRef,
    name: oneLineText('Name', 120, 0),
    signedAt: instant,
    memberId: id,
    version,
    createdAt: instant,
  }),
  'status-times': z.strictObject({ ...visitRef, status: jobStatusField, at: instant, memberId: id.nullable() }),
  /** The bytes are `photos/<id>` and `photos/<id>.thumb`. */
  photos: z.strictObject({
    id,
    ...visitRef,
    caption: z.string().max(500),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
    width: z.number().int().min(0),
    height: z.number().int().min(0),
    size: z.number().int().min(0),
    thumbBytes: z.number().int().min(0),
    lat: z.number().min(-90).max(90).nullable(),
    lng: z.number().min(-180).max(180).nullable(),
    uploadedBy: id,
    version,
    createdAt: instant,
    completedAt: instant,
  }),
} as const satisfies Record<ArchiveFile, z.ZodType>;

export type ArchiveLine<F extends ArchiveFile> = z.infer<(typeof archiveLineSchemas)[F]>;

/**
 * What a restore made: the new workspace, and an invitation for every other member of the archive.
 * Deliberately the same for every member: nothing in it says whether an email has an account here
 * (docs/adr/0014-no-account-enumeration.md).
 */
export const archiveRestoreResultSchema = z.object({
  workspace: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  counts: z.record(z.string(), z.number().int()),
  /** One pending invitation per other member (their visits are unassigned until assigned again). */
  invitations: z.array(
    z.object({
      email: z.string(),
      name: z.string(),
      role: roleField,
      /** The invitation's link: shown only here (the token is stored hashed), like a new invitation's. */
      url: z.string(),
      expiresAt: z.string(),
    }),
  ),
});
export type ArchiveRestoreResult = z.infer<typeof archiveRestoreResultSchema>;
