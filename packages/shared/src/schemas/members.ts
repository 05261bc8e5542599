import { z } from 'zod';
import { roles } from '../roles.js';
import { positionSchema } from './entity-fields.js';
import { colourField, emailField, latField, lngField } from './fields.js';

export const roleField = z.enum(roles, { error: 'Role must be owner, dispatcher, technician or viewer' });

export const memberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  /** Only for those who may see members' emails (owners, dispatchers); absent for everyone else. */
  email: z.string().optional(),
  role: roleField,
  colour: z.string(),
  homeBase: positionSchema.nullable(),
  active: z.boolean(),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberPatchSchema = z.strictObject({
  role: roleField.optional(),
  colour: colourField.optional(),
  homeBase: z
    .strictObject({ lat: latField('Home base latitude'), lng: lngField('Home base longitude') })
    .nullable()
    .optional(),
  active: z.boolean({ error: 'Active must be true or false' }).optional(),
});
export type MemberPatch = z.infer<typeof memberPatchSchema>;

export const invitationCreateSchema = z.strictObject({
  email: emailField,
  role: roleField,
});
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleField,
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The full link; present only in the answer to the create call (the token is stored hashed). */
  url: z.string().optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * What an invite link shows before it is accepted. Deliberately not whether the email has an
 * account: anyone holding the link could learn that (the page offers sign-in and sign-up alike).
 */
export const invitationPreviewSchema = invitationSchema
  .pick({ email: true, role: true, expiresAt: true })
  .extend({ workspaceName: z.string() });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
