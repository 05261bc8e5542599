import { z } from 'zod';
import { roleField } from './members.js';

export const userSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type User = z.infer<typeof userSchema>;

export const membershipSummarySchema = z.object({
  memberId: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  workspaceSlug: z.string(),
  role: roleField,
  colour: z.string(),
});
export type MembershipSummary = z.infer<typeof membershipSummarySchema>;

export const meSchema = z.object({ user: userSchema, memberships: z.array(membershipSummarySchema) });
export type Me = z.infer<typeof meSchema>;

export const publicConfigSchema = z.object({
  version: z.string(),
  demo: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
