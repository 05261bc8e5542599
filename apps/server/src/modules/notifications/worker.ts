import type { NotificationKind } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { repeatWhileServing } from '../../http/repeat-while-serving.js';
import type { TrackingContext } from '../tracking/index.js';
import { claimDue, settle } from './claim.js';
import { type BatchCache, compose, type NotificationRow } from './compose.js';
import type { Mailer } from './email.js';
import { isPermanent, recipientProblem } from './failure.js';
import { oneLine, renderEmail, renderSms } from './render.js';
import { isOptedOut, loadSettings, type StoredSettings, templateIn } from './settings.js';
import type { SmsProvider } from './sms.js';
import { unsubscribeToken } from './unsubscribe-token.js';

/** What sending needs besides the rows: the channels, the links' base and keys. */
export interface Sender {
  db: Db;
  mailer: Mailer | null;
  sms: SmsProvider | null;
  /** The server's public origin, for links in messages. */
  baseUrl: string;
  /** The From address when the workspace set none (SMTP_FROM). */
  defaultFrom: string;
  unsubscribeKey: Buffer;
  tracking: TrackingContext;
}

/** Rows claimed at once, and how many of them are in flight together (docs/PERFORMANCE.md, "Customer notifications"). */
const batch = 50;
const parallel = 8;

function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return oneLine(text).slice(0, 300) || 'Sending failed';
}

/** Sends one claimed row and settles it: sent, skipped (no longer wanted) or failed (retried later). */
async function sendOne(
  sender: Sender,
  owner: string,
  row: NotificationRow,
  now: number,
  settingsOf: (workspaceId: string) => Promise<StoredSettings>,
  cache: BatchCache,
): Promise<void> {
  const { db } = sender;
  const settings = await settingsOf(row.workspace_id);
  const kind = row.kind as NotificationKind;
  if (!settings.enabled || !settings.templates[kind]?.enabled) {
    return settle(db, row, owner, { status: 'skipped', reason: 'Notifications of this kind are turned off' });
  }
  const composed = await compose(
    db.kysely,
    sender.tracking,
    sender.baseUrl,
    row,
    settings,
    sender.unsubscribeKey,
    cache,
  );
  if (!composed) return settle(db, row, owner, { status: 'cancelled', reason: 'The job or its customer is gone' });
  const template = templateIn(settings, kind, composed.language);
  if (composed.obsolete) return settle(db, row, owner, { status: 'cancelled', reason: composed.obsolete });
  if (await isOptedOut(db.kysely, row.workspace_id, composed.customer.id)) {
    return settle(db, row, owner, { status: 'skipped', reason: 'The customer unsubscribed' });
  }
  // An address that cannot be one fails now, with the reason, instead of bouncing or retrying (ADR 29).
  const address = row.channel === 'email' ? composed.customer.email : composed.customer.phone;
  const problem = address ? recipientProblem(row.channel, address) : null;
  if (problem) return settle(db, row, owner, { status: 'failed', reason: problem, at: now, permanent: true });
  try {
    let providerId: string;
    if (row.channel === 'email') {
      if (!sender.mailer)
        return settle(db, row, owner, { status: 'skipped', reason: 'Email is not set up (SMTP_URL)' });
      const to = composed.customer.email;
      if (!to) return settle(db, row, owner, { status: 'skipped', reason: 'The customer has no email address' });
      const { subject, text, html } = renderEmail(template, composed.values, composed.language);
      const token = unsubscribeToken(sender.unsubscribeKey, row.workspace_id, composed.customer.id);
      providerId = await sender.mailer.send({
        from: { name: oneLine(composed.workspaceName), address: settings.fromAddress ?? sender.defaultFrom },
        replyTo: settings.replyTo,
        to,
        subject,
        text,
        html,
        messageId: `<${row.id}@${new URL(sender.baseUrl).hostname}>`,
        unsubscribeUrl: `${sender.baseUrl}/api/v1/unsubscribe/${token}`,
      });
    } else {
      if (!sender.sms) return settle(db, row, owner, { status: 'skipped', reason: 'SMS is not set up (SMS_*)' });
      const to = composed.customer.phone;
      if (!to) return settle(db, row, owner, { status: 'skipped', reason: 'The customer has no phone number' });
      providerId = await sender.sms.send(to, renderSms(template, composed.values));
    }
    await settle(db, row, owner, { status: 'sent', providerId, at: Date.now() });
  } catch (err) {
    await settle(db, row, owner, { status: 'failed', reason: reasonOf(err), at: now, permanent: isPermanent(err) });
  }
}

/**
 * Sends what is due at `now` (claimed by `owner`, so several processes share the work without
 * sending a row twice); returns how many rows it handled. Tests call it with their own clock.
 */
export async function sendDue(sender: Sender, owner: string, now = Date.now()): Promise<number> {
  let handled = 0;
  for (;;) {
    const rows = await claimDue(sender.db, owner, now, batch);
    // One read of a workspace's settings per batch: a burst is mostly one workspace's reminders.
    const settings = new Map<string, Promise<StoredSettings>>();
    const cache: BatchCache = new Map();
    const settingsOf = (workspaceId: string) => {
      let found = settings.get(workspaceId);
      if (!found) {
        found = loadSettings(sender.db.kysely, workspaceId);
        settings.set(workspaceId, found);
      }
      return found;
    };
    // Several at once: most of a send is waiting for the SMTP server or the SMS provider.
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++] as NotificationRow;
        await sendOne(sender, owner, row, now, settingsOf, cache);
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, rows.length) }, lane));
    handled += rows.length;
    if (rows.length < batch) return handled;
  }
}

/**
 * Runs sendDue every `everyMs` in this process, from ready to close (rows, not timers, carry the schedule).
 * A stopping process claims nothing new (docs/adr/0018): a send cut at the deadline waits out its lease.
 */
export function startNotificationWorker(
  app: FastifyInstance,
  sender: () => Promise<Sender>,
  owner: string,
  everyMs: number,
) {
  repeatWhileServing(app, everyMs, 'notifications: sending due messages failed', async () =>
    sendDue(await sender(), owner),
  );
}
