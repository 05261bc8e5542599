import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AreaRow } from './presenter.js';

export function findArea(db: Kysely<Database>, workspaceId: string, id: string): Promise<AreaRow | undefined> {
  return db
    .selectFrom('service_areas')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every area of the workspace by name (a workspace has at most `areaLimits.perWorkspace`). */
export function listAreas(db: Kysely<Database>, workspaceId: string): Promise<AreaRow[]> {
  return db
    .selectFrom('service_areas')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('sort_name')
    .orderBy('id')
    .execute();
}

export async function countAreas(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('service_areas')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
