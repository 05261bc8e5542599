import { z } from 'zod';
import { realtimeConfigSchema } from '../realtime.js';
import { travelSettingsSchema } from '../travel/model.js';
import { languageField } from './fields.js';
import { roleField } from './members.js';

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The language the user picked; null: their browser's (docs/adr/0042-languages.md). */
  language: languageField.nullable(),
});
export type User = z.infer<typeof userSchema>;

/** What a user changes about themselves. */
export const mePatchSchema = z.strictObject({ language: languageField.nullable() });
export type MePatch = z.infer<typeof mePatchSchema>;

export const membershipSummarySchema = z.object({
  memberId: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  workspaceSlug: z.string(),
  role: roleField,
  colour: z.string(),
});
export type MembershipSummary = z.infer<typeof membershipSummarySchema>;

/** Something the user should hear about at sign-in; told once. */
export const signInNoticeSchema = z.object({
  /** Someone tried to sign up with this account's email (`at`: the last try). */
  kind: z.literal('sign-up-attempt'),
  at: z.string(),
});
export type SignInNotice = z.infer<typeof signInNoticeSchema>;

export const meSchema = z.object({
  user: userSchema,
  memberships: z.array(membershipSummarySchema),
  /** Only in the answer to a sign-in, and only when there is something to tell. */
  notices: z.array(signInNoticeSchema).optional(),
});
export type Me = z.infer<typeof meSchema>;

/** What the browser needs to draw maps and search places. */
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

/** Where and how the browser reports errors; null when the server has no SENTRY_DSN. */
export const monitoringConfigSchema = z.object({
  dsn: z.string(),
  /** Envelopes go through the app's own origin (ad blockers, CSP), never straight to the DSN's host. */
  tunnel: z.literal('/api/monitoring'),
  environment: z.string(),
  release: z.string(),
  sampleRate: z.number().min(0).max(1),
  tracesSampleRate: z.number().min(0).max(1),
});
export type MonitoringConfig = z.infer<typeof monitoringConfigSchema>;

export const publicConfigSchema = z.object({
  version: z.string(),
  demo: z.boolean(),
  /** Optional so an older server (or a test's fake) without it still parses: clients fall back to the defaults. */
  maps: mapsConfigSchema.optional(),
  /** Where pusher-js connects; optional for the same reason. */
  realtime: realtimeConfigSchema.optional(),
  /** Error reporting; defaults to off when an older server leaves it out. */
  monitoring: monitoringConfigSchema.nullable().default(null),
  /** True only when the server runs with FIELDPLAN_FAULT_INJECTION=1 (tests): `GET /api/v1/debug/fail` exists. */
  faults: z.boolean().default(false),
  /** The travel model's settings; optional likewise: clients fall back to the defaults. */
  travel: travelSettingsSchema.optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
