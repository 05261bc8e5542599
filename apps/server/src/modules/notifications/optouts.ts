import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../http/workspace-access.js';
import { iso } from '../../lib/ids.js';
import { findCustomer } from '../customers/index.js';
import { recordSettingsChange } from './live.js';
import { optOut } from './service.js';

/** The workspace's customers who get no notifications, newest first. */
export async function listOptOuts(db: Kysely<Database>, actor: Actor) {
  const rows = await db
    .selectFrom('notification_optouts')
    .select(['customer_id', 'created_at'])
    .where('workspace_id', '=', actor.workspaceId)
    .orderBy('created_at', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({ customerId: r.customer_id, since: iso(Number(r.created_at)) }));
}

/** The office records a customer's wish (a call, a letter): on → no more notifications; off → again. */
export async function setOptOut(db: Kysely<Database>, actor: Actor, customerId: string, out: boolean): Promise<void> {
  if (!(await findCustomer(db, actor.workspaceId, customerId))) throw notFound('Customer');
  if (out) return optOut(db, actor.workspaceId, customerId, actor.memberId);
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('notification_optouts')
      .where('workspace_id', '=', actor.workspaceId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) await recordSettingsChange(trx, actor.workspaceId, actor.memberId);
  });
}
