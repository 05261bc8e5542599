import { z } from 'zod';
import { realtimeConfigSchema } from '../realtime.js';
import { travelSettingsSchema } from '../travel/model.js';
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

/** What the browser needs to draw maps and search places (issue 5). */
export const mapsConfigSchema = z.object({
  /** The Maps JavaScript API key when places autocomplete uses Google; null: the built-in search. */
  googleApiKey: z.string().nullable(),
  /** Origin the Maps JavaScript API script is loaded from (`{base}/maps/api/js?…`). */
  googleScriptBase: z.string(),
  /** The server's default tile layer (TILE_URL_TEMPLATE / TILE_ATTRIBUTION). */
  tileUrlTemplate: z.string(),
  tileAttribution: z.string(),
});
export type MapsConfig = z.infer<typeof mapsConfigSchema>;

export const publicConfigSchema = z.object({
  version: z.string(),
  demo: z.boolean(),
  /** Optional so an older server (or a test's fake) without it still parses: clients fall back to the defaults. */
  maps: mapsConfigSchema.optional(),
  /** Where pusher-js connects (issue 6); optional for the same reason. */
  realtime: realtimeConfigSchema.optional(),
  /** The travel model's settings (issue 9); optional likewise: clients fall back to the defaults. */
  travel: travelSettingsSchema.optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
