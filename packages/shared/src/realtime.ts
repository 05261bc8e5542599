import { z } from 'zod';
import { type Area, areaSchema } from './schemas/areas.js';
import { type BookingRequestChange, bookingRequestChangeSchema } from './schemas/booking.js';
import { type Customer, customerSchema } from './schemas/customers.js';
import { positionFields } from './schemas/entity-fields.js';
import { type Feed, feedSchema } from './schemas/feeds.js';
import { latField, lngField } from './schemas/fields.js';
import { type Import, importSchema } from './schemas/import.js';
import { type Job, jobSchema } from './schemas/jobs.js';
import { type Member, memberSchema, roleField } from './schemas/members.js';
import { type NotificationSettingsChange, notificationSettingsChangeSchema } from './schemas/notifications.js';
import { type Photo, photoSchema } from './schemas/photos.js';
import {
  type AnsweredChecklist,
  answeredChecklistSchema,
  type ChecklistTemplate,
  checklistTemplateSchema,
  jobChecklistsSchema,
  type Note,
  noteSchema,
  type Signature,
  signatureSchema,
} from './schemas/work-record.js';
import { type Workspace, workspaceSchema } from './schemas/workspace.js';

/** Realtime constants of docs/PRODUCT.md, "Limits" and of the change log's catch-up. */
export const realtimeLimits = {
  /** A member may send one location ping per this many milliseconds. */
  locationPingIntervalMs: 5_000,
  /** Location history is kept this many days. */
  locationHistoryDays: 30,
  /** `GET /changes?after=` answers at most this many changes, else `resync`. */
  catchUpMaxChanges: 500,
  /** …and only changes younger than this many days, else `resync`. */
  catchUpMaxDays: 7,
} as const;

/** The channels of one workspace (docs/PRODUCT.md, "Roles and permissions"). */
export const workspaceChannels = {
  /** Every change to the workspace's data; active members. */
  changes: (workspaceId: string) => `private-workspace-${workspaceId}`,
  /** Who is online; active members. */
  presence: (workspaceId: string) => `presence-workspace-${workspaceId}`,
  /** Live technician positions; members who may see every location (`locations.read.all`). */
  locations: (workspaceId: string) => `private-locations-${workspaceId}`,
};

export type WorkspaceChannelKind = keyof typeof workspaceChannels;

const channelPattern = /^(private-workspace|presence-workspace|private-locations)-([A-Za-z0-9-]{1,64})$/;
const kindOfPrefix: Record<string, WorkspaceChannelKind> = {
  'private-workspace': 'changes',
  'presence-workspace': 'presence',
  'private-locations': 'locations',
};

/** Which workspace channel a name is, or null when it is none of ours. */
export function parseWorkspaceChannel(name: string): { kind: WorkspaceChannelKind; workspaceId: string } | null {
  const match = channelPattern.exec(name);
  const kind = match?.[1] ? kindOfPrefix[match[1]] : undefined;
  if (!match?.[2] || !kind) return null;
  return { kind, workspaceId: match[2] };
}

/** The event names on those channels. */
export const realtimeEvents = { change: 'change', location: 'location' } as const;

/** What others see of a member on the presence channel (user id = the user's id). */
export const presenceInfoSchema = z.object({ name: z.string(), role: roleField, colour: z.string() });
export type PresenceInfo = z.infer<typeof presenceInfoSchema>;

/** A job's attached checklist templates as a change carries them: `id` is the job's. */
export const jobChecklistsChangeSchema = jobChecklistsSchema.extend({ id: z.string() });
export type JobChecklistsChange = z.infer<typeof jobChecklistsChangeSchema>;

export const changeEntities = [
  'job',
  'customer',
  'area',
  'member',
  'workspace',
  'feed',
  'note',
  'checklist',
  'signature',
  'photo',
  'checklist_template',
  'job_checklists',
  'import',
  'booking_request',
  'notification_settings',
] as const;
export type ChangeEntity = (typeof changeEntities)[number];
export const changeActions = ['created', 'updated', 'deleted'] as const;
export type ChangeAction = (typeof changeActions)[number];

/** What a change carries when its entity is gone (deleted, or no longer there). */
export const removedSchema = z.object({ id: z.string() });
export type Removed = z.infer<typeof removedSchema>;

const seq = z.number().int().nonnegative();
const action = z.enum(changeActions);
/** Set when the entity was too large for one realtime message: fetch it with `/changes?after=`. */
const truncated = z.literal(true).optional();
const changeOf = <E extends ChangeEntity, S extends z.ZodType>(entity: E, data: S) =>
  z.object({ seq, entity: z.literal(entity), action, data: z.union([data, removedSchema]), truncated });

/**
 * One entry of the workspace's change log as clients receive it (the `change` event on
 * `private-workspace-{id}`, and `/changes?after=`): `data` is the entity as it is now, presented as
 * the API presents it, or `{id}` when it is deleted. Customers on the channel leave out contact details
 * (technicians share it); `/changes` presents them for the caller.
 */
export const changeEventSchema = z.discriminatedUnion('entity', [
  changeOf('job', jobSchema),
  changeOf('customer', customerSchema),
  changeOf('area', areaSchema),
  changeOf('feed', feedSchema),
  changeOf('member', memberSchema),
  changeOf('workspace', workspaceSchema),
  changeOf('note', noteSchema),
  changeOf('checklist', answeredChecklistSchema),
  changeOf('signature', signatureSchema),
  changeOf('photo', photoSchema),
  changeOf('checklist_template', checklistTemplateSchema),
  changeOf('job_checklists', jobChecklistsChangeSchema),
  changeOf('import', importSchema),
  changeOf('booking_request', bookingRequestChangeSchema),
  changeOf('notification_settings', notificationSettingsChangeSchema),
]);
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** True when a change removes its entity from caches (a delete, or an entity that is gone now). */
export function isRemoval(change: Pick<ChangeEvent, 'action' | 'data'>): boolean {
  return change.action === 'deleted' || Object.keys(change.data).length === 1;
}

/** The entity types by change kind. */
export interface ChangeEntityData {
  job: Job;
  customer: Customer;
  area: Area;
  feed: Feed;
  member: Member;
  workspace: Workspace;
  note: Note;
  checklist: AnsweredChecklist;
  signature: Signature;
  photo: Photo;
  checklist_template: ChecklistTemplate;
  job_checklists: JobChecklistsChange;
  import: Import;
  booking_request: BookingRequestChange;
  notification_settings: NotificationSettingsChange;
}

/** The changed entity as it is now, or null when the change removes it. */
export function changedEntity<E extends ChangeEntity>(
  change: Extract<ChangeEvent, { entity: E }>,
): ChangeEntityData[E] | null {
  // Every entity has more fields than `id`, so whatever isn't a removal is the whole entity.
  return isRemoval(change) ? null : (change.data as ChangeEntityData[E]);
}

/** `after`: the last `seq` the client applied; left out, the answer is just where the log is now. */
export const changesQuerySchema = z.object({
  after: z.coerce
    .number({ error: 'After must be a change number' })
    .int({ error: 'After must be a whole number' })
    .min(0, { error: 'After must be 0 or more' })
    .optional(),
});

/** `/changes?after=`: what was missed, in order; or `resync` when that is more than the log keeps. */
export const changesPageSchema = z.union([
  z.object({ changes: z.array(changeEventSchema), latestSeq: seq }),
  z.object({ resync: z.literal(true), latestSeq: seq }),
]);
export type ChangesPage = z.infer<typeof changesPageSchema>;

/** A member's own position, as the browser sends it (`POST /locations`). */
export const locationPingSchema = z.strictObject({
  lat: latField(),
  lng: lngField(),
  accuracyM: z
    .number({ error: 'Accuracy must be a number of metres' })
    .min(0, { error: 'Accuracy must be 0 m or more' })
    .max(50_000, { error: 'Accuracy must be at most 50,000 m' }),
  heading: z
    .number({ error: 'Heading must be a number of degrees' })
    .min(0, { error: 'Heading must be between 0 and 360' })
    .max(360, { error: 'Heading must be between 0 and 360' })
    .nullable()
    .optional(),
  /** When the fix was taken (default: when it arrives); at most a day old, not in the future. */
  at: z.iso.datetime({ offset: true, error: 'At must be an ISO 8601 instant' }).optional(),
});
export type LocationPing = z.infer<typeof locationPingSchema>;

/** A member's latest position (`GET /locations`, and the `location` event on `private-locations-{id}`). */
export const liveLocationSchema = z.object({
  memberId: z.string(),
  ...positionFields,
  accuracyM: z.number(),
  heading: z.number().nullable(),
  at: z.string(),
});
export type LiveLocation = z.infer<typeof liveLocationSchema>;

/** Where the browser's pusher-js connects (part of `GET /api/v1/config`). */
export const realtimeConfigSchema = z.object({
  key: z.string(),
  /** Null: the page's own host (the embedded server shares Fieldplan's port). */
  wsHost: z.string().nullable(),
  wsPort: z.number().int().nullable(),
  forceTLS: z.boolean(),
  cluster: z.string(),
});
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;
