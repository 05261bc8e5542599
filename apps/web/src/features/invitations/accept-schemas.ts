import { acceptInvitationSchema } from '@fieldplan/shared';

/** Client-side variants of the shared accept schema: which fields the invitee must fill in. */
export const acceptAsNewUserSchema = acceptInvitationSchema.required();
export const acceptWithPasswordSchema = acceptInvitationSchema.pick({ password: true }).required();
