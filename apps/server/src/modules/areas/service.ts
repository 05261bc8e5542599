import {
  type AreaCreate,
  type AreaGeometry,
  type AreaPatch,
  areaLimits,
  geometryBounds,
  vertexCount,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { fieldError, notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/workspace-access.js';
import { newId } from '../../lib/ids.js';
import { normalizeText } from '../customers/presenter.js';
import { checkVersion, versionConflict } from '../customers/versioning.js';
import { type AreaRow, presentArea } from './presenter.js';
import { countAreas, findArea, listAreas } from './queries.js';

const what = 'service area';

/** The stored columns that follow from a shape: JSON, kind, vertices, bounding box. */
export function shapeColumns(geometry: AreaGeometry) {
  const { south, west, north, east } = geometryBounds(geometry);
  return {
    kind: geometry.type,
    geometry: JSON.stringify(geometry),
    vertex_count: vertexCount(geometry),
    south,
    west,
    north,
    east,
  };
}

export async function getAreas(db: Kysely<Database>, actor: Actor) {
  return (await listAreas(db, actor.workspaceId)).map(presentArea);
}

export async function getArea(db: Kysely<Database>, actor: Actor, id: string) {
  const row = await findArea(db, actor.workspaceId, id);
  if (!row) throw notFound('Service area');
  return presentArea(row);
}

export async function createArea(db: Kysely<Database>, actor: Actor, input: AreaCreate) {
  return db.transaction().execute(async (trx) => {
    if ((await countAreas(trx, actor.workspaceId)) >= areaLimits.perWorkspace) {
      throw fieldError('', `A workspace can have at most ${areaLimits.perWorkspace} service areas`);
    }
    const now = Date.now();
    const row: AreaRow = {
      id: newId(),
      workspace_id: actor.workspaceId,
      name: input.name,
      sort_name: normalizeText(input.name),
      colour: input.colour,
      ...shapeColumns(input.geometry),
      version: 1,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('service_areas').values(row).execute();
    await recordChange(trx, {
      workspaceId: actor.workspaceId,
      entity: 'area',
      entityId: row.id,
      action: 'created',
      actorId: actor.userId,
    });
    return presentArea(row);
  });
}

async function conflictNow(db: Kysely<Database>, workspaceId: string, id: string) {
  const row = await findArea(db, workspaceId, id);
  if (!row) return notFound('Service area');
  return versionConflict(what, Number(row.version), presentArea(row));
}

/** Applies a patch written against `version`; a stale version is a 412 with the current area. */
export async function updateArea(db: Kysely<Database>, actor: Actor, id: string, version: number, patch: AreaPatch) {
  return db.transaction().execute(async (trx) => {
    const current = await findArea(trx, actor.workspaceId, id);
    if (!current) throw notFound('Service area');
    checkVersion(what, version, Number(current.version), () => presentArea(current));
    const name = patch.name ?? current.name;
    const changes = {
      name,
      sort_name: normalizeText(name),
      colour: patch.colour ?? current.colour,
      ...(patch.geometry && shapeColumns(patch.geometry)),
      version: version + 1,
      updated_at: Date.now(),
    };
    const result = await trx
      .updateTable('service_areas')
      .set(changes)
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    // A concurrent writer got there between our read and write.
    if (Number(result.numUpdatedRows) === 0) throw await conflictNow(trx, actor.workspaceId, id);
    await recordChange(trx, {
      workspaceId: actor.workspaceId,
      entity: 'area',
      entityId: id,
      action: 'updated',
      actorId: actor.userId,
    });
    return presentArea({ ...current, ...changes });
  });
}

/** Deletes for good: nothing refers to an area (jobs are flagged by position, not by area). */
export async function deleteArea(db: Kysely<Database>, actor: Actor, id: string, version: number) {
  await db.transaction().execute(async (trx) => {
    const current = await findArea(trx, actor.workspaceId, id);
    if (!current) throw notFound('Service area');
    checkVersion(what, version, Number(current.version), () => presentArea(current));
    const result = await trx
      .deleteFrom('service_areas')
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw await conflictNow(trx, actor.workspaceId, id);
    await recordChange(trx, {
      workspaceId: actor.workspaceId,
      entity: 'area',
      entityId: id,
      action: 'deleted',
      actorId: actor.userId,
    });
  });
}
