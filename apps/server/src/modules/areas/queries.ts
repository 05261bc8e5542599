import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countOfWorkspace, rowOfWorkspace, rowsOfWorkspace } from '../../db/workspace-rows.js';
import type { AreaRow } from './presenter.js';

export function findArea(db: Kysely<Database>, workspaceId: string, id: string): Promise<AreaRow | undefined> {
  return rowOfWorkspace(db, 'service_areas', workspaceId, id);
}

/** Every area of the workspace by name (a workspace has at most `areaLimits.perWorkspace`). */
export function listAreas(db: Kysely<Database>, workspaceId: string): Promise<AreaRow[]> {
  return rowsOfWorkspace(db, 'service_areas', workspaceId, ['sort_name', 'id']);
}

export function countAreas(db: Kysely<Database>, workspaceId: string): Promise<number> {
  return countOfWorkspace(db, 'service_areas', workspaceId);
}
