import { z } from 'zod';
import { recordLimits } from '../limits.js';
import { versionedFields, visitFields } from './entity-fields.js';
import { oneLineText, requiredText } from './fields.js';
import { photoSchema } from './photos.js';

// The work record of a visit (docs/PRODUCT.md, "Work record"): notes, checklists answered from
// templates, and the customer's signature. One schema from the phone's form to the route and the
// OpenAPI document, so both sides give the same messages.

/** `?occurrence=` of a recurring job's visit: its original start (ISO, or YYYY-MM-DD when all-day). */
export const visitQuerySchema = z.object({
  occurrence: z
    .string({ error: 'Occurrence must be the original start of an occurrence' })
    .max(40, { error: 'Occurrence is too long' })
    .optional(),
});
export type VisitQuery = z.infer<typeof visitQuerySchema>;

// ── Notes ──────────────────────────────────────────────────────────────────────────────────────

const noteBody = requiredText('Note', recordLimits.noteMax);

/** `id` is made by the client, so a replay (a retry from the phone's outbox) answers the stored note. */
export const noteCreateSchema = z.strictObject({
  id: z.uuid({ error: 'Id must be a UUID made by the client' }),
  body: noteBody,
});
export type NoteCreate = z.infer<typeof noteCreateSchema>;

export const notePatchSchema = z.strictObject({ body: noteBody });
export type NotePatch = z.infer<typeof notePatchSchema>;

export const noteSchema = z.object({
  id: z.string(),
  ...visitFields,
  /** The member who wrote it. */
  authorId: z.string(),
  authorName: z.string(),
  body: z.string(),
  ...versionedFields,
});
export type Note = z.infer<typeof noteSchema>;

// ── Checklist templates ────────────────────────────────────────────────────────────────────────

export const checklistItemKinds = ['check', 'text', 'number', 'choice'] as const;
export type ChecklistItemKind = (typeof checklistItemKinds)[number];
export const signatureRules = ['none', 'optional', 'required'] as const;
export type SignatureRule = (typeof signatureRules)[number];

const itemIdField = z
  .string({ error: 'Item id is required' })
  .trim()
  .min(1, { error: 'Item id is required' })
  .max(recordLimits.itemIdMax, { error: `Item id must be at most ${recordLimits.itemIdMax} characters` });

export const checklistItemSchema = z
  .strictObject({
    id: itemIdField,
    label: oneLineText('Label', recordLimits.itemLabelMax),
    kind: z.enum(checklistItemKinds, { error: `Kind must be one of ${checklistItemKinds.join(', ')}` }),
    unit: z
      .string({ error: 'Unit must be text' })
      .trim()
      .max(recordLimits.unitMax, { error: `Unit must be at most ${recordLimits.unitMax} characters` })
      .optional(),
    choices: z
      .array(oneLineText('Choice', recordLimits.choiceMax), { error: 'Choices must be a list of texts' })
      .min(recordLimits.choicesMin, { error: `A choice item needs at least ${recordLimits.choicesMin} choices` })
      .max(recordLimits.choicesMax, { error: `A choice item can have at most ${recordLimits.choicesMax} choices` })
      .refine((c) => new Set(c).size === c.length, { error: 'Each choice can be listed only once' })
      .optional(),
    required: z.boolean({ error: 'Required must be true or false' }).default(false),
  })
  .superRefine((item, ctx) => {
    if (item.kind === 'choice' && !item.choices) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'A choice item needs its choices' });
    }
    if (item.kind !== 'choice' && item.choices) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Only a choice item has choices' });
    }
    if (item.kind !== 'number' && item.unit) {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'Only a number item has a unit' });
    }
  });
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

const itemsField = z
  .array(checklistItemSchema, { error: 'Items must be a list' })
  .min(1, { error: 'A checklist needs at least one item' })
  .max(recordLimits.itemsMax, { error: `A checklist can have at most ${recordLimits.itemsMax} items` })
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.id)) {
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Item id "${item.id}" is used twice` });
      }
      seen.add(item.id);
    });
  });

/** Empty text is no pattern: the template attaches only by hand. */
const titlePatternField = z
  .string({ error: 'Title pattern must be text' })
  .trim()
  .max(recordLimits.titlePatternMax, {
    error: `Title pattern must be at most ${recordLimits.titlePatternMax} characters`,
  })
  .nullable()
  .transform((v) => (v ? v : null));

const signatureRuleField = z.enum(signatureRules, {
  error: `Signature must be one of ${signatureRules.join(', ')}`,
});

const templateFields = {
  name: oneLineText('Name', recordLimits.templateNameMax),
  titlePattern: titlePatternField,
  items: itemsField,
  signature: signatureRuleField,
};

export const checklistTemplateCreateSchema = z.strictObject({
  ...templateFields,
  titlePattern: titlePatternField.default(null),
  signature: signatureRuleField.default('none'),
});
export type ChecklistTemplateCreate = z.infer<typeof checklistTemplateCreateSchema>;

export const checklistTemplatePatchSchema = z.strictObject(templateFields).partial();
export type ChecklistTemplatePatch = z.infer<typeof checklistTemplatePatchSchema>;

const storedItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(checklistItemKinds),
  unit: z.string().optional(),
  choices: z.array(z.string()).optional(),
  required: z.boolean(),
});

export const checklistTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Case-insensitive text a job's title contains for the template to attach itself; null: by hand only. */
  titlePattern: z.string().nullable(),
  items: z.array(storedItemSchema),
  signature: z.enum(signatureRules),
  ...versionedFields,
});
export type ChecklistTemplate = z.infer<typeof checklistTemplateSchema>;

export const checklistTemplateListSchema = z.object({ items: z.array(checklistTemplateSchema) });

/** `PUT …/jobs/:id/checklists`: the templates attached by hand (those matching the title attach anyway). */
export const jobChecklistsPutSchema = z.strictObject({
  templateIds: z
    .array(z.string().max(64), { error: 'Template ids must be a list of checklist template ids' })
    .max(recordLimits.attachedMax, {
      error: `A job can have at most ${recordLimits.attachedMax} checklists attached by hand`,
    })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Each template can be attached only once' }),
});
export type JobChecklistsPut = z.infer<typeof jobChecklistsPutSchema>;

export const jobChecklistsSchema = z.object({
  /** Attached by hand. */
  templateIds: z.array(z.string()),
  /** Attached because their title pattern matches the job's title. */
  matchedTemplateIds: z.array(z.string()),
});
export type JobChecklists = z.infer<typeof jobChecklistsSchema>;

// ── Checklists of a visit ──────────────────────────────────────────────────────────────────────

/** check: boolean; text and choice: text; number: number; null clears the answer. */
export const checklistAnswerSchema = z.union(
  // null on each member, not a member of its own: OpenAPI 3.0 wants a type beside every `nullable`.
  [
    z.boolean().nullable(),
    z
      .string()
      .max(recordLimits.textAnswerMax, { error: `An answer must be at most ${recordLimits.textAnswerMax} characters` })
      .nullable(),
    z.number().nullable(),
  ],
  { error: 'An answer must be true/false, text, a number or null' },
);
export type ChecklistAnswer = z.infer<typeof checklistAnswerSchema>;

export const checklistAnswersPutSchema = z.strictObject({
  answers: z
    .record(itemIdField, checklistAnswerSchema, { error: 'Answers must be an object of item id → answer' })
    .refine((a) => Object.keys(a).length <= recordLimits.itemsMax, {
      error: `At most ${recordLimits.itemsMax} answers at once`,
    }),
});
export type ChecklistAnswersPut = z.infer<typeof checklistAnswersPutSchema>;

export const checklistSchema = z.object({
  /** Null until the first answer is saved. */
  id: z.string().nullable(),
  ...visitFields,
  templateId: z.string(),
  name: z.string(),
  /** The items as answered: a copy taken at the first answer, so editing the template later changes no record. */
  items: z.array(storedItemSchema),
  answers: z.record(z.string(), checklistAnswerSchema),
  signature: z.enum(signatureRules),
  /** 0 until the first answer is saved. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  /** The member who saved the last answer. */
  updatedBy: z.string().nullable(),
});
export type Checklist = z.infer<typeof checklistSchema>;

/** A checklist with at least one answer saved: what its live `checklist` events carry. */
export const answeredChecklistSchema = checklistSchema.extend({ id: z.string() });
export type AnsweredChecklist = z.infer<typeof answeredChecklistSchema>;

// ── Signature ──────────────────────────────────────────────────────────────────────────────────

/** base64 of the largest PNG, plus the data URL's prefix. */
const imageMax = Math.ceil((recordLimits.signatureBytes * 4) / 3) + 64;

export const signaturePutSchema = z.strictObject({
  name: oneLineText('Name', recordLimits.signerNameMax),
  image: z
    .string({ error: 'Image is required: the signature as data:image/png;base64,…' })
    .max(imageMax, { error: `The signature image must be at most ${recordLimits.signatureBytes / 1024} KB` })
    .regex(/^data:[a-z]+\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+$/, {
      error: 'Image must be a data URL like data:image/png;base64,…',
    }),
  signedAt: z.iso.datetime({ offset: true, error: 'Signed at must be an ISO 8601 instant' }),
});
export type SignaturePut = z.infer<typeof signaturePutSchema>;

export const signatureSchema = z.object({
  id: z.string(),
  ...visitFields,
  /** The signer's name as they typed it. */
  name: z.string(),
  /** An authorised route serving the PNG. */
  imageUrl: z.string(),
  signedAt: z.string(),
  /** The member who took the signature. */
  technicianId: z.string(),
  technicianName: z.string(),
});
export type Signature = z.infer<typeof signatureSchema>;

// ── The whole record ───────────────────────────────────────────────────────────────────────────

/** When the visit last went en route, in progress and completed (null: not yet, or before these were kept). */
export const visitStatusTimesSchema = z.object({
  en_route: z.string().nullable(),
  in_progress: z.string().nullable(),
  completed: z.string().nullable(),
});
export type VisitStatusTimes = z.infer<typeof visitStatusTimesSchema>;

export const visitRecordSchema = z.object({
  ...visitFields,
  notes: z.array(noteSchema),
  photos: z.array(photoSchema),
  checklists: z.array(checklistSchema),
  signature: signatureSchema.nullable(),
  statusTimes: visitStatusTimesSchema,
});
export type VisitRecord = z.infer<typeof visitRecordSchema>;
