import { z } from 'zod';
import { versionedFields } from './entity-fields.js';

/** Import of customers and jobs from CSV or Excel (docs/PRODUCT.md, "Import"; docs/adr/0034). */
export const importLimits = {
  /** The largest file accepted (413 beyond). */
  maxBytes: 50 * 1024 * 1024,
  /** Data rows a file may hold (empty rows not counted). */
  maxRows: 100_000,
  /** Columns a file may have (400 beyond, naming it): every column is one entry of the mapping. */
  maxColumns: 200,
  /** Rows the preview shows. */
  previewRows: 20,
  /**
   * Rows written per transaction on SQLite; each chunk is one `import` change. Small, because SQLite's
   * one writer lock holds every other write (on the main thread's connection, synchronously) meanwhile.
   */
  chunkRows: 250,
  /**
   * Rows per transaction on PostgreSQL, where a write waiting for the chunk waits without holding an
   * event loop: four times fewer transactions and changes cost ≈ 15 % less CPU (docs/PERFORMANCE.md, "Import").
   */
  chunkRowsPostgres: 1000,
  /** Refused rows kept with their problems for the summary. */
  refusalsKept: 500,
  /** File name as shown. */
  fileNameMax: 200,
} as const;

export const importKinds = ['customers', 'jobs'] as const;
export type ImportKind = (typeof importKinds)[number];

/** What happens to a row that matches an existing customer (same email, phone or address), chosen once. */
export const duplicatePolicies = ['update', 'skip', 'create'] as const;
export type DuplicatePolicy = (typeof duplicatePolicies)[number];

export const importStatuses = ['uploaded', 'running', 'geocoding', 'done', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** Where a customer or a job is: a whole address, or its parts, or a position. */
const addressImportFields = {
  address: 'Address (whole)',
  street1: 'Street',
  street2: 'Street line 2',
  zip: 'Postcode',
  city: 'City',
  state: 'State / region',
  country: 'Country',
  lat: 'Latitude',
  lng: 'Longitude',
} as const;

/** The fields a column can fill, by kind, with their labels (the mapping selects show them). */
export const importFields = {
  customers: {
    name: 'Name',
    company: 'Company',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone',
    ...addressImportFields,
    notes: 'Notes',
    language: 'Language',
    sourceId: 'ID in the other tool',
  },
  jobs: {
    title: 'Title',
    customer: 'Customer name',
    customerEmail: 'Customer email',
    customerPhone: 'Customer phone',
    ...addressImportFields,
    start: 'Start (date, or date and time)',
    startTime: 'Start time',
    end: 'End (date and time, or time)',
    endTime: 'End time',
    duration: 'Duration (minutes)',
    status: 'Status',
    assignee: 'Technician (email or name)',
    priority: 'Priority (1–5)',
    notes: 'Notes',
    sourceId: 'ID in the other tool',
  },
} as const;
export type CustomerImportField = keyof (typeof importFields)['customers'];
export type JobImportField = keyof (typeof importFields)['jobs'];
export type ImportField = CustomerImportField | JobImportField;

const fieldName = z.string().max(40);

/** One field per column of the header, in order; null leaves the column out. */
export const importMappingSchema = z
  .array(fieldName.nullable())
  .max(importLimits.maxColumns, { error: `Mapping has more than ${importLimits.maxColumns} columns` });

export const importStartSchema = z.strictObject({
  mapping: importMappingSchema,
  duplicatePolicy: z.enum(duplicatePolicies, { error: 'Duplicate policy must be update, skip or create' }),
});
export type ImportStart = z.infer<typeof importStartSchema>;

export const importUploadQuerySchema = z.object({
  kind: z.enum(importKinds, { error: 'Kind must be customers or jobs' }),
  fileName: z.string().trim().min(1, { error: 'File name is required' }).max(importLimits.fileNameMax),
});

/** A problem of one row: `field` is the import field (or `row` for the row as a whole). */
export const rowProblemSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type RowProblem = z.infer<typeof rowProblemSchema>;

export const importSchema = z.object({
  id: z.string(),
  kind: z.enum(importKinds),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  /** The text encoding assumed for a CSV (`utf-8`, `windows-1252`, `utf-16le` …); `xlsx` for Excel. */
  encoding: z.string(),
  /** Set when the encoding was detected rather than declared by a byte-order mark or valid UTF-8. */
  encodingGuessed: z.boolean(),
  headers: z.array(z.string()),
  /** The mapping in use (suggested from the header until the import starts). */
  mapping: importMappingSchema,
  duplicatePolicy: z.enum(duplicatePolicies),
  status: z.enum(importStatuses),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  refused: z.number().int(),
  /** Rows written without a position that geocoding has yet to place, or could not. */
  unplaced: z.number().int(),
  /** Geocoding's progress over the rows that needed it. */
  geocodedRows: z.number().int(),
  geocodeTotal: z.number().int(),
  /** The first refused rows with their problems (at most `importLimits.refusalsKept`). */
  refusals: z.array(rowProblemSchema),
  error: z.string().nullable(),
  ...versionedFields,
});
export type Import = z.infer<typeof importSchema>;

export const importListSchema = z.object({ items: z.array(importSchema) });

/** One row of the preview, as it will be saved. */
export const previewRowSchema = z.object({
  row: z.number().int(),
  values: z.record(z.string(), z.string()),
  problems: z.array(rowProblemSchema),
  /** The existing customer it matches (by email, phone or address), or null. */
  match: z.object({ id: z.string(), name: z.string(), by: z.enum(['email', 'phone', 'address']) }).nullable(),
  action: z.enum(['create', 'update', 'skip', 'refuse']),
  /** Jobs: the customer the job will belong to — an existing one (by email or name), a new one, or none. */
  customer: z
    .object({ id: z.string().nullable(), name: z.string(), by: z.enum(['email', 'name', 'new']) })
    .nullable()
    .optional(),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;
export const importPreviewSchema = z.object({ rows: z.array(previewRowSchema) });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const unplacedRowSchema = z.object({
  row: z.number().int(),
  entity: z.enum(['customer', 'job']),
  id: z.string(),
  name: z.string(),
  address: z.string(),
});
export const unplacedListSchema = z.object({ items: z.array(unplacedRowSchema) });
export type UnplacedRow = z.infer<typeof unplacedRowSchema>;
