import {
  type NotificationKind,
  type NotificationSettingsInput,
  type NotificationTemplate,
  notificationKinds,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordOfWorkspace, rowsOfWorkspace } from '../../db/workspace-rows.js';
import { findWorkspace } from '../workspaces/index.js';
import { defaultSettings, defaultTemplatesIn } from './defaults.js';

export type StoredSettings = Omit<NotificationSettingsInput, 'templates'> & {
  templates: Record<NotificationKind, NotificationTemplate>;
  version: number;
  /** The workspace's language: its own templates are written in it, the built-in ones shown in it. */
  language: string;
};

/** A workspace's settings with every kind's template (its own, or the built-in one in its language). */
export async function loadSettings(db: Kysely<Database>, workspaceId: string): Promise<StoredSettings> {
  const row = await recordOfWorkspace(db, 'notification_settings', workspaceId);
  const own = await rowsOfWorkspace(db, 'notification_templates', workspaceId);
  const language = (await findWorkspace(db, workspaceId))?.language ?? 'en';
  const templates = { ...defaultTemplatesIn(language) };
  for (const t of own) {
    const kind = t.kind as NotificationKind;
    if (!notificationKinds.includes(kind)) continue;
    templates[kind] = { kind, enabled: Number(t.enabled) === 1, subject: t.subject, body: t.body, sms: t.sms };
  }
  if (!row) return { ...defaultSettings, templates, language };
  return {
    language,
    enabled: Number(row.enabled) === 1,
    fromAddress: row.from_address,
    replyTo: row.reply_to,
    companyPhone: row.company_phone,
    reminderDaysBefore: Number(row.reminder_days_before),
    reminderTime: row.reminder_time,
    moveThresholdMinutes: Number(row.move_threshold_minutes),
    version: Number(row.version),
    templates,
  };
}

/**
 * The template a message in `language` is written from: the workspace's own (or built-in) one when the
 * customer reads the workspace's language, else the built-in one of theirs — switched on or off as the
 * workspace's (docs/PRODUCT.md, "Customer notifications").
 */
export function templateIn(settings: StoredSettings, kind: NotificationKind, language: string): NotificationTemplate {
  const own = settings.templates[kind];
  if (language === settings.language) return own;
  return { ...defaultTemplatesIn(language)[kind], enabled: own.enabled };
}

export async function isOptedOut(db: Kysely<Database>, workspaceId: string, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('notification_optouts')
    .select('customer_id')
    .where('workspace_id', '=', workspaceId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The company phone the workspace's notifications give ('' when unset): the booking page shows it too. */
export async function companyPhoneOf(db: Kysely<Database>, workspaceId: string): Promise<string> {
  const row = await recordOfWorkspace(db, 'notification_settings', workspaceId);
  return row?.company_phone ?? '';
}
