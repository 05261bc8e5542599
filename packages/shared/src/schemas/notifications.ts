import { z } from 'zod';
import { visitFields } from './entity-fields.js';

/** What a customer is told, and when (docs/PRODUCT.md, "Customer notifications"). */
export const notificationKinds = [
  'booking_requested',
  'booking_confirmed',
  'booking_declined',
  'reminder',
  'on_my_way',
  'visit_completed',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationChannels = ['email', 'sms'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** pending → sending → sent; failed attempts go back to pending (with backoff) until `dead`. */
export const notificationStatuses = ['pending', 'sending', 'sent', 'dead', 'cancelled', 'skipped'] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

/** The placeholders a template may use; any other `{name}` is refused when the template is saved. */
export const notificationPlaceholders = [
  'customer',
  'window',
  'technician',
  'company',
  'companyPhone',
  'trackingLink',
  'reportLink',
] as const;

const placeholderPattern = /\{([^{}\s]*)\}/g;

/** The `{names}` of a template text that are not placeholders, in order, each once. */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(notificationPlaceholders);
  const out: string[] = [];
  for (const match of text.matchAll(placeholderPattern)) {
    const name = match[1] ?? '';
    if (!known.has(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

export const notificationLimits = { subjectChars: 200, bodyChars: 2000, smsChars: 480 } as const;

const singleLine = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\r\n]*$/, 'must be one line');

const templateText = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine((text, ctx) => {
      const unknown = unknownPlaceholders(text);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}: use ${notificationPlaceholders.map((n) => `{${n}}`).join(', ')}`,
        });
      }
    });

/**
 * The placeholders a kind's message is for, which its email and text must keep in every language (a
 * translation that drops one is refused when saved, naming it): the link the customer follows.
 */
export const requiredPlaceholders: Partial<
  Record<NotificationKind, readonly (typeof notificationPlaceholders)[number][]>
> = { on_my_way: ['trackingLink'], visit_completed: ['reportLink'] };

export const notificationTemplateSchema = z
  .strictObject({
    kind: z.enum(notificationKinds),
    enabled: z.boolean(),
    subject: singleLine(notificationLimits.subjectChars).pipe(templateText(notificationLimits.subjectChars)),
    body: templateText(notificationLimits.bodyChars).pipe(z.string().min(1, 'must not be empty')),
    sms: templateText(notificationLimits.smsChars).pipe(z.string().min(1, 'must not be empty')),
  })
  .superRefine((template, ctx) => {
    for (const name of requiredPlaceholders[template.kind] ?? []) {
      for (const part of ['body', 'sms'] as const) {
        if (template[part].includes(`{${name}}`)) continue;
        ctx.addIssue({ code: 'custom', path: [part], message: `must keep {${name}}: the customer needs the link` });
      }
    }
  });
export type NotificationTemplate = z.infer<typeof notificationTemplateSchema>;

/** An email address for From / Reply-To: one line, no display name (the company name is added). */
const address = z.email({ error: 'must be an email address' }).max(254).nullable();

export const notificationSettingsInputSchema = z.strictObject({
  /** The workspace-wide switch: off, nothing is written or sent. */
  enabled: z.boolean(),
  fromAddress: address,
  replyTo: address,
  /** The company's phone number for {companyPhone}. */
  companyPhone: singleLine(40),
  /** The reminder goes out this many days before the visit's day, at `reminderTime` in the workspace's zone. */
  reminderDaysBefore: z.number().int().min(0).max(14),
  reminderTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 17:00'),
  /** A move by more than this many minutes sends a new booking confirmation. */
  moveThresholdMinutes: z.number().int().min(0).max(10_080),
  templates: z.array(notificationTemplateSchema).max(notificationKinds.length),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

export const notificationSettingsSchema = notificationSettingsInputSchema.extend({
  templates: z.array(notificationTemplateSchema),
  /** Whether the server can send at all (SMTP_URL, SMS_* set). */
  channels: z.object({ email: z.boolean(), sms: z.boolean() }),
  version: z.number().int(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** One notification of a job, as the office sees it. */
export const notificationSchema = z.object({
  id: z.string(),
  ...visitFields,
  kind: z.enum(notificationKinds),
  channel: z.enum(notificationChannels),
  recipient: z.string(),
  status: z.enum(notificationStatuses),
  attempts: z.number().int(),
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  /** Why the last attempt failed, or why it was skipped or cancelled. */
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * What the change log carries when a workspace's notification settings or opt-outs change: no
 * templates or addresses (every member reads the workspace channel, only the office reads settings);
 * open Settings screens read them again.
 */
export const notificationSettingsChangeSchema = z.object({
  /** The workspace's id: one entity per workspace. */
  id: z.string(),
  version: z.number().int(),
  optOuts: z.number().int(),
});
export type NotificationSettingsChange = z.infer<typeof notificationSettingsChangeSchema>;
