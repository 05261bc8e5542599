import type { NotificationSettingsChange } from '@fieldplan/shared';
import type { Kysely, Transaction } from 'kysely';
import { recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import type { LiveEntity } from '../../realtime/live-entity.js';
import { loadSettings } from './settings.js';

// Settings and opt-outs go live as one entity per workspace (docs/adr/0020): the change says only
// that they changed, and open Settings screens read them again with their own permissions.

async function settingsChange(db: Kysely<Database>, workspaceId: string): Promise<NotificationSettingsChange> {
  const { version } = await loadSettings(db, workspaceId);
  const row = await db
    .selectFrom('notification_optouts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return { id: workspaceId, version, optOuts: Number(row?.n ?? 0) };
}

export const notificationSettingsLive: LiveEntity<'notification_settings', NotificationSettingsChange> = {
  load: async ({ db, workspaceId }, id) => (id === workspaceId ? settingsChange(db, workspaceId) : undefined),
  present: (change) => change,
};

/** Notes a change of the workspace's settings or opt-outs in its change log (in the writing transaction). */
export function recordSettingsChange(
  trx: Transaction<Database>,
  workspaceId: string,
  actorId: string | null,
): Promise<number> {
  return recordChange(trx, {
    workspaceId,
    entity: 'notification_settings',
    entityId: workspaceId,
    action: 'updated',
    actorId,
  });
}
