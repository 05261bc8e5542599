import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MemberRow } from './presenter.js';

function memberSelect(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'memberships.id',
      'memberships.user_id',
      'users.name',
      'users.email',
      'memberships.role',
      'memberships.colour',
      'memberships.home_lat',
      'memberships.home_lng',
      'memberships.deactivated_at',
      'memberships.created_at',
    ])
    .where('memberships.workspace_id', '=', workspaceId);
}

export function listMembers(db: Kysely<Database>, workspaceId: string): Promise<MemberRow[]> {
  return memberSelect(db, workspaceId).orderBy('memberships.created_at').execute();
}

export function findMember(
  db: Kysely<Database>,
  workspaceId: string,
  memberId: string,
): Promise<MemberRow | undefined> {
  return memberSelect(db, workspaceId).where('memberships.id', '=', memberId).executeTakeFirst();
}

/**
 * Takes the workspace's row lock until the transaction ends, so rules that count owners see every
 * concurrent change to them. A no-op update rather than `SELECT … FOR UPDATE`: it locks on
 * PostgreSQL and takes SQLite's write lock at once, and both dialects accept it.
 */
export async function lockWorkspace(db: Kysely<Database>, workspaceId: string): Promise<void> {
  await db
    .updateTable('workspaces')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', workspaceId)
    .execute();
}

/** The caller's membership as it is now (inside a transaction: after others' commits it waited for). */
export function findActiveMembership(db: Kysely<Database>, workspaceId: string, userId: string) {
  return db
    .selectFrom('memberships')
    .select(['id', 'role'])
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
}

export async function countActiveOwners(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .where('deactivated_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countMembers(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
