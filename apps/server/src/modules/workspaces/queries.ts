import type { Kysely } from 'kysely';
import { preparedQuery, slot } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';

export function findWorkspace(db: Kysely<Database>, id: string) {
  return db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A workspace by its slug (the public booking page's address), or undefined. */
export function findWorkspaceBySlug(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom('workspaces')
    .select(['id', 'name', 'slug', 'time_zone', 'time_format', 'date_format', 'language'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

const mapSettings = preparedQuery((db) => db.selectFrom('workspaces').select('map').where('id', '=', slot('id')));

/** The workspace's map settings (JSON text), or undefined: compiled once, read on every places search. */
export async function workspaceMapSettings(db: Kysely<Database>, id: string): Promise<string | undefined> {
  return (await mapSettings(db, { id }))[0]?.map;
}

export async function slugTaken(db: Kysely<Database>, slug: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('workspaces').select('id').where('slug', '=', slug);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The workspace's IANA time zone (the zone its jobs' local times and all-day dates are read in). */
export async function workspaceZone(db: Kysely<Database>, workspaceId: string): Promise<string> {
  const row = await db
    .selectFrom('workspaces')
    .select('time_zone')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return row.time_zone;
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

/** The workspace's change-log position: any write to it changes this (the feed cache's key). */
export async function workspaceState(db: Kysely<Database>, workspaceId: string) {
  const row = await db
    .selectFrom('workspaces')
    .innerJoin('workspace_seq', 'workspace_seq.workspace_id', 'workspaces.id')
    .select(['workspaces.time_zone', 'workspace_seq.last_seq'])
    .where('workspaces.id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return { zone: row.time_zone, seq: Number(row.last_seq) };
}

/** The workspace's time zone and working hours (JSON), which scheduling suggestions plan within. */
export function workspaceSchedule(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('workspaces')
    .select(['time_zone', 'working_hours'])
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
}

/** The workspace's name and zone and its change-log position (0 before its first change): an iCal export's state. */
export async function workspaceExportState(db: Kysely<Database>, workspaceId: string) {
  const row = await db
    .selectFrom('workspaces')
    .leftJoin('workspace_seq', 'workspace_seq.workspace_id', 'workspaces.id')
    .select(['workspaces.name', 'workspaces.time_zone', 'workspace_seq.last_seq'])
    .where('workspaces.id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return { name: row.name, zone: row.time_zone, seq: Number(row.last_seq ?? 0) };
}
