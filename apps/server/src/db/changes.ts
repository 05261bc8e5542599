import { type Kysely, sql, type Transaction } from 'kysely';
import { noteChange } from './outbox.js';
import type { Database } from './schema.js';

export interface ChangeInput {
  workspaceId: string;
  entity: string;
  entityId: string;
  action: 'created' | 'updated' | 'deleted';
  actorId: string | null;
}

/**
 * Appends to the workspace's change log inside the writing transaction and returns its `seq`
 * (monotonic per workspace). The counter row is updated first, which serialises writers of
 * one workspace on both SQLite and PostgreSQL.
 */
export async function recordChange(trx: Transaction<Database>, change: ChangeInput): Promise<number> {
  const row = await trx
    .updateTable('workspace_seq')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('workspace_id', '=', change.workspaceId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  const seq = Number(row.last_seq);
  const at = Date.now();
  await trx
    .insertInto('changes')
    .values({
      workspace_id: change.workspaceId,
      seq,
      entity: change.entity,
      entity_id: change.entityId,
      action: change.action,
      actor_id: change.actorId,
      at,
    })
    .execute();
  // Published after the request if (and only if) this row turns out to be committed (db/outbox.ts; realtime/ publishes it).
  noteChange({
    workspaceId: change.workspaceId,
    seq,
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    at,
  });
  return seq;
}

/**
 * Takes the workspace's change-log counter row now, as recordChange would later: a write that must
 * first look for a row it may be about to make (an idempotent replay, a visit's first answer) runs one
 * at a time per workspace, and the second finds the first's committed row instead of a unique violation.
 */
export async function lockChangeLog(trx: Transaction<Database>, workspaceId: string): Promise<void> {
  await trx
    .updateTable('workspace_seq')
    .set({ last_seq: sql`last_seq` })
    .where('workspace_id', '=', workspaceId)
    .execute();
}

/** The workspace's last change `seq` (0 before its first change): what it was when a read began. */
export async function lastChangeSeq(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('workspace_seq')
    .select('last_seq')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(row?.last_seq ?? 0);
}
