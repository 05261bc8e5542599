import { z } from 'zod';
import { limits } from '../limits.js';
import { emailField, oneLineText, passwordField } from './fields.js';

export const signUpSchema = z.strictObject({
  name: oneLineText('Name', limits.nameMax),
  email: emailField,
  password: passwordField,
  workspaceName: oneLineText('Workspace name', limits.workspaceNameMax),
  /** The browser's language tag: the new workspace's time and date formats follow it (a bad tag is ignored). */
  locale: z.string().max(100).optional(),
});
export type SignUp = z.infer<typeof signUpSchema>;

/**
 * The answer to every valid sign-up, whether the email was new or already had an account: the
 * same status and body either way, and no session — the client signs in with the same details.
 */
export const signUpAnswerSchema = z.object({ next: z.literal('sign-in') });
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;

export const signInSchema = z.strictObject({
  email: emailField,
  // Only "present" is checked here: the length rules must not tell an attacker anything.
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(limits.passwordMax, { error: `Password must be at most ${limits.passwordMax} characters` }),
});
export type SignIn = z.infer<typeof signInSchema>;

export const acceptInvitationSchema = z.strictObject({
  /** Needed when the invited email has no account yet. */
  name: oneLineText('Name', limits.nameMax).optional(),
  /** Needed unless the invitee is already signed in as the invited email. */
  password: passwordField.optional(),
});
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;
