import { z } from 'zod';
import { positionFields, versionedFields } from './entity-fields.js';
import { emailField, languageField, latField, lngField, oneLineText } from './fields.js';

export const customerLimits = { nameMax: 120, addressMax: 300, notesMax: 2000, phoneMin: 7, phoneMax: 20 } as const;

/** An empty form field means "none". */
const emptyToNull = (value: unknown) => (value === '' ? null : value);

export const phoneField = z
  .string({ error: 'Phone must be text' })
  .trim()
  .min(customerLimits.phoneMin, { error: `Phone must be at least ${customerLimits.phoneMin} characters` })
  .max(customerLimits.phoneMax, { error: `Phone must be at most ${customerLimits.phoneMax} characters` })
  .regex(/^[0-9 +()-]+$/, { error: 'Phone may use digits, spaces and + ( ) -' })
  .refine((v) => (v.match(/\d/g) ?? []).length >= 5, { error: 'Phone must contain at least 5 digits' });

const notesField = z
  .string({ error: 'Notes must be text' })
  .max(customerLimits.notesMax, { error: `Notes must be at most ${customerLimits.notesMax} characters` });

const customerFields = {
  name: oneLineText('Name', customerLimits.nameMax),
  email: z.preprocess(emptyToNull, emailField.nullable()).optional(),
  phone: z.preprocess(emptyToNull, phoneField.nullable()).optional(),
  address: oneLineText('Address', customerLimits.addressMax),
  lat: latField(),
  lng: lngField(),
  /** The customer's own language; null: the workspace's (docs/adr/0042-languages.md). */
  language: languageField.nullable().optional(),
};

export const customerCreateSchema = z.strictObject({ ...customerFields, notes: notesField.default('') });
export type CustomerCreate = z.infer<typeof customerCreateSchema>;

/** `email` and `phone` are optional already: the patch leaves them as they are. */
export const customerPatchSchema = z.strictObject({ ...customerFields, notes: notesField }).partial();
export type CustomerPatch = z.infer<typeof customerPatchSchema>;

export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Left out for a technician unless one of the customer's jobs is assigned to them (docs/PRODUCT.md, "Roles and permissions"). */
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  address: z.string(),
  ...positionFields,
  notes: z.string(),
  language: languageField.nullable(),
  ...versionedFields,
});
export type Customer = z.infer<typeof customerSchema>;

/** Paging of list calls: `limit` ≤ 100, and either the opaque `cursor` of the previous page or an `offset`. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int({ error: 'Limit must be a whole number' })
    .min(1, { error: 'Limit must be between 1 and 100' })
    .max(100, { error: 'Limit must be between 1 and 100' })
    .default(50),
  cursor: z.string().max(500, { error: 'Cursor is invalid' }).optional(),
  offset: z.coerce
    .number({ error: 'Offset must be a number' })
    .int({ error: 'Offset must be a whole number' })
    .min(0, { error: 'Offset must be 0 or more' })
    .max(1_000_000, { error: 'Offset is too large' })
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list: `nextCursor` fetches the next page (null on the last one). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), nextCursor: z.string().nullable() });
}

export const customerListQuerySchema = pageQuerySchema.extend({
  /** Searches name, address and phone. */
  q: z.string().trim().max(200, { error: 'Search must be at most 200 characters' }).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerPageSchema = pageSchema(customerSchema);
export type CustomerPage = z.infer<typeof customerPageSchema>;
