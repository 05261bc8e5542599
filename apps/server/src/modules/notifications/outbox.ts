import type { NotificationKind } from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { findCustomer } from '../customers/index.js';
import type { LoadedJob } from '../jobs/index.js';
import { isOptedOut, type StoredSettings } from './settings.js';

/** One message a job's customer should get. */
export interface Event {
  kind: NotificationKind;
  occurrenceKey: number;
  dueAt: number;
  /** What names the event besides kind, job and occurrence (default the job's version). */
  tag?: string;
  /** A cancelled row with the same key comes back (a series' visit moved away and back again). */
  revive?: boolean;
}

/**
 * Writes one outbox row per event and channel of the job's customer — unless the workspace switch,
 * the kind's switch or the customer's opt-out says no. The event key is unique per workspace, so the
 * same event is never written twice, whoever replays it. Returns how many rows were written.
 */
export async function writeRows(
  trx: Transaction<Database>,
  settings: StoredSettings,
  workspaceId: string,
  job: LoadedJob,
  events: Event[],
  now: number,
): Promise<number> {
  const customerId = job.row.customer_id;
  const wanted = events.filter((e) => settings.templates[e.kind].enabled);
  if (wanted.length === 0 || !settings.enabled || !customerId) return 0;
  const customer = await findCustomer(trx, workspaceId, customerId);
  if (!customer || (await isOptedOut(trx, workspaceId, customerId))) return 0;
  const channels = [
    ...(customer.email ? [{ channel: 'email', recipient: customer.email }] : []),
    ...(customer.phone ? [{ channel: 'sms', recipient: customer.phone }] : []),
  ];
  const version = Number(job.row.version);
  let written = 0;
  for (const event of wanted) {
    for (const { channel, recipient } of channels) {
      const result = await trx
        .insertInto('notifications')
        .values({
          id: newId(),
          workspace_id: workspaceId,
          job_id: job.row.id,
          occurrence_key: event.occurrenceKey,
          kind: event.kind,
          channel,
          recipient,
          status: 'pending',
          due_at: event.dueAt,
          attempts: 0,
          reason: null,
          lease_owner: null,
          lease_expires_at: null,
          event_key: `${event.kind}:${job.row.id}:${event.occurrenceKey}:${event.tag ?? `v${version}`}:${channel}`,
          provider_id: null,
          created_at: now,
          sent_at: null,
        })
        .onConflict((oc) => {
          const target = oc.columns(['workspace_id', 'event_key']);
          if (!event.revive) return target.doNothing();
          return target
            .doUpdateSet({ status: 'pending', reason: null, due_at: event.dueAt, recipient })
            .where('notifications.status', '=', 'cancelled');
        })
        .executeTakeFirst();
      written += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return written;
}
