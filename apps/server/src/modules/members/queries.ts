import type { Insertable, Kysely, Updateable } from 'kysely';
import { preparedQuery, slot } from '../../db/prepared.js';
import type { Database, MembershipsTable } from '../../db/schema.js';
import { countOfWorkspace } from '../../db/workspace-rows.js';
import type { MemberRow } from './presenter.js';

/** The workspace's membership rows, active or not. */
function membershipsOf(db: Kysely<Database>, workspaceId: string) {
  return db.selectFrom('memberships').where('workspace_id', '=', workspaceId);
}

/** The workspace's memberships that are not deactivated. */
function activeMembershipsOf(db: Kysely<Database>, workspaceId: string) {
  return membershipsOf(db, workspaceId).where('deactivated_at', 'is', null);
}

/** The workspace's memberships joined with their users (for a name or email). */
function withUsers(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .where('memberships.workspace_id', '=', workspaceId);
}

function memberSelect(db: Kysely<Database>, workspaceId: string) {
  return withUsers(db, workspaceId).select([
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
  ]);
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

/** The caller's membership as it is now (inside a transaction: after others' commits it waited for). */
export function findActiveMembership(db: Kysely<Database>, workspaceId: string, userId: string) {
  return activeMembershipsOf(db, workspaceId).select(['id', 'role']).where('user_id', '=', userId).executeTakeFirst();
}

export async function countActiveOwners(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await activeMembershipsOf(db, workspaceId)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function countMembers(db: Kysely<Database>, workspaceId: string): Promise<number> {
  return countOfWorkspace(db, 'memberships', workspaceId);
}

/** Members among `ids` with their role and whether they are active, of this workspace only. */
export function membersAmong(db: Kysely<Database>, workspaceId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return membershipsOf(db, workspaceId).select(['id', 'role', 'deactivated_at']).where('id', 'in', ids).execute();
}

export async function updateMembership(
  db: Kysely<Database>,
  memberId: string,
  changes: Updateable<MembershipsTable>,
): Promise<void> {
  await db.updateTable('memberships').set(changes).where('id', '=', memberId).execute();
}

/** The workspace's map settings and change counter, found only through the user's active membership of it. */
const activeMemberMap = preparedQuery((db) =>
  db
    .selectFrom('memberships')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .leftJoin('workspace_seq', 'workspace_seq.workspace_id', 'memberships.workspace_id')
    .select(['workspaces.map', 'workspace_seq.last_seq'])
    .where('memberships.workspace_id', '=', slot('ws'))
    .where('memberships.user_id', '=', slot('user'))
    .where('memberships.deactivated_at', 'is', null),
);

export interface MemberMapSettings {
  /** The workspace's map settings as stored (JSON text). */
  map: string;
  /**
   * The workspace's change counter (db/changes.ts: every committed write of its customers, jobs …
   * moves it on), for readers that keep what they read until it moves; undefined if it has none.
   */
  changeSeq: number | undefined;
}

/**
 * The workspace's map settings and change counter when the user is an active member of it, else
 * undefined: the membership check, the map centre and the customers' version of every places search
 * with a workspace in one read, compiled once (preparedQuery) and always asked of the database.
 */
export async function activeMemberMapSettings(
  db: Kysely<Database>,
  userId: string,
  workspaceId: string,
): Promise<MemberMapSettings | undefined> {
  const row = (await activeMemberMap(db, { ws: workspaceId, user: userId }))[0];
  if (row === undefined) return undefined;
  return { map: row.map, changeSeq: row.last_seq === null ? undefined : Number(row.last_seq) };
}

/** Ids of the workspace's members who are not deactivated. */
export async function activeMemberIds(db: Kysely<Database>, workspaceId: string): Promise<string[]> {
  const rows = await activeMembershipsOf(db, workspaceId).select('id').execute();
  return rows.map((r) => r.id);
}

/** The user's active memberships with their workspaces, for `GET /me`. */
export function listMemberships(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .select([
      'memberships.id as memberId',
      'workspaces.id as workspaceId',
      'workspaces.name as workspaceName',
      'workspaces.slug as workspaceSlug',
      'memberships.role',
      'memberships.colour',
    ])
    .where('memberships.user_id', '=', userId)
    .where('memberships.deactivated_at', 'is', null)
    .orderBy('memberships.created_at')
    .execute();
}

export async function insertMembership(db: Kysely<Database>, row: Insertable<MembershipsTable>): Promise<void> {
  await db.insertInto('memberships').values(row).execute();
}

/** The user's membership of the workspace, active or not. */
export function membershipOfUser(db: Kysely<Database>, workspaceId: string, userId: string) {
  return membershipsOf(db, workspaceId)
    .select(['id', 'deactivated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The active member with this email, if any (an invitation to them is pointless). */
export function activeMemberByEmail(db: Kysely<Database>, workspaceId: string, email: string) {
  return withUsers(db, workspaceId)
    .select('memberships.id')
    .where('users.email', '=', email)
    .where('memberships.deactivated_at', 'is', null)
    .executeTakeFirst();
}

/** Member id → colour, every member's (a former technician's visits keep their colour). */
export async function memberColours(db: Kysely<Database>, workspaceId: string): Promise<Map<string, string>> {
  const rows = await membershipsOf(db, workspaceId).select(['id', 'colour']).execute();
  return new Map(rows.map((m) => [m.id, m.colour]));
}

/** Every member's home base columns (null: none set), deactivated members' too. */
export function memberHomes(db: Kysely<Database>, workspaceId: string) {
  return membershipsOf(db, workspaceId).select(['id', 'home_lat', 'home_lng']).execute();
}

/** The workspace's active technicians with their home base columns, by id. */
export function activeTechnicians(db: Kysely<Database>, workspaceId: string) {
  return activeMembershipsOf(db, workspaceId)
    .select(['id', 'home_lat', 'home_lng'])
    .where('role', '=', 'technician')
    .orderBy('id')
    .execute();
}
