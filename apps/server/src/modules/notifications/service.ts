import {
  type Notification,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsInput,
  notificationKinds,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError, notFound } from '../../errors/app-error.js';
import { checkVersion } from '../../errors/version-conflict.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { iso, newId } from '../../lib/ids.js';
import { loadJob } from '../jobs/index.js';
import type { NotificationRow } from './compose.js';
import { recordSettingsChange } from './live.js';
import { loadSettings } from './settings.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  twice: { id: 'problems.notifications.templateTwice' },
});

export interface Channels {
  email: boolean;
  sms: boolean;
}

export async function getSettings(
  db: Kysely<Database>,
  actor: Actor,
  channels: Channels,
): Promise<NotificationSettings> {
  const { language: _shownIn, ...s } = await loadSettings(db, actor.workspaceId);
  return { ...s, templates: notificationKinds.map((k) => s.templates[k]), channels };
}

/** Replaces the settings (If-Match: the version read); templates not listed keep their text. */
export async function saveSettings(
  db: Kysely<Database>,
  actor: Actor,
  expected: number,
  input: NotificationSettingsInput,
  channels: Channels,
): Promise<NotificationSettings> {
  const seen = new Set<NotificationKind>();
  input.templates.forEach((t, i) => {
    if (seen.has(t.kind)) throw fieldError(`templates.${i}.kind`, text(refusals.twice, { kind: t.kind }));
    seen.add(t.kind);
  });
  await db.transaction().execute(async (trx) => {
    const current = await loadSettings(trx, actor.workspaceId);
    const { language: _shownIn, ...shown } = current;
    checkVersion('notification settings', expected, current.version, () => ({ ...shown, channels }));
    const now = Date.now();
    const values = {
      enabled: input.enabled ? 1 : 0,
      from_address: input.fromAddress,
      reply_to: input.replyTo,
      company_phone: input.companyPhone,
      reminder_days_before: input.reminderDaysBefore,
      reminder_time: input.reminderTime,
      move_threshold_minutes: input.moveThresholdMinutes,
      version: current.version + 1,
      updated_at: now,
    };
    if (current.version === 0) {
      await trx
        .insertInto('notification_settings')
        .values({ ...values, workspace_id: actor.workspaceId })
        .execute();
    } else {
      await trx
        .updateTable('notification_settings')
        .set(values)
        .where('workspace_id', '=', actor.workspaceId)
        .where('version', '=', current.version)
        .execute();
    }
    for (const t of input.templates) {
      const row = { enabled: t.enabled ? 1 : 0, subject: t.subject, body: t.body, sms: t.sms };
      await trx
        .insertInto('notification_templates')
        .values({ ...row, workspace_id: actor.workspaceId, kind: t.kind })
        .onConflict((oc) => oc.columns(['workspace_id', 'kind']).doUpdateSet(row))
        .execute();
    }
    await recordSettingsChange(trx, actor.workspaceId, actor.memberId);
  });
  return getSettings(db, actor, channels);
}

export function presentNotification(row: NotificationRow, allDay: boolean): Notification {
  const key = Number(row.occurrence_key);
  return {
    id: row.id,
    jobId: row.job_id,
    occurrence: key === 0 ? null : allDay ? iso(key).slice(0, 10) : iso(key),
    kind: row.kind as NotificationKind,
    channel: row.channel as Notification['channel'],
    recipient: row.recipient,
    status: row.status as Notification['status'],
    attempts: Number(row.attempts),
    dueAt: iso(Number(row.due_at)),
    sentAt: row.sent_at === null ? null : iso(Number(row.sent_at)),
    reason: row.reason,
    createdAt: iso(Number(row.created_at)),
  };
}

/** A job's notifications, newest first (a foreign or unknown job is 404). */
export async function jobNotifications(db: Kysely<Database>, actor: Actor, jobId: string): Promise<Notification[]> {
  const job = await loadJob(db, actor.workspaceId, jobId);
  if (!job) throw notFound('Job');
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('workspace_id', '=', actor.workspaceId)
    .where('job_id', '=', jobId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map((r) => presentNotification(r, Number(job.row.all_day) === 1));
}

/** Queues the same message again, due now, as a new row (the old one keeps its history). */
export async function resendNotification(
  db: Kysely<Database>,
  actor: Actor,
  jobId: string,
  id: string,
): Promise<Notification> {
  const job = await loadJob(db, actor.workspaceId, jobId);
  const old = job
    ? await db
        .selectFrom('notifications')
        .selectAll()
        .where('workspace_id', '=', actor.workspaceId)
        .where('job_id', '=', jobId)
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!job || !old) throw notFound('Notification');
  const now = Date.now();
  const row: NotificationRow = {
    ...old,
    id: newId(),
    status: 'pending',
    due_at: now,
    attempts: 0,
    reason: null,
    lease_owner: null,
    lease_expires_at: null,
    event_key: `resend:${old.id}:${newId()}`,
    provider_id: null,
    created_at: now,
    sent_at: null,
  };
  await db.insertInto('notifications').values(row).execute();
  return presentNotification(row, Number(job.row.all_day) === 1);
}

/** The customer's one-click unsubscribe (or the office for them): no more notifications, whatever the settings. */
export async function optOut(
  db: Kysely<Database>,
  workspaceId: string,
  customerId: string,
  actorId: string | null = null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('notification_optouts')
      .values({ workspace_id: workspaceId, customer_id: customerId, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['workspace_id', 'customer_id']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) await recordSettingsChange(trx, workspaceId, actorId);
  });
}
