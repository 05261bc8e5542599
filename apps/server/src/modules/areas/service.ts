import {
  type AreaCreate,
  type AreaGeometry,
  type AreaPatch,
  areaLimits,
  geometryBounds,
  vertexCount,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  loadAtVersion,
  recordWrite,
  type VersionedEntity,
  versionedDelete,
  versionedUpdate,
} from '../../db/versioned.js';
import { fieldError, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { newRowOf } from '../../lib/ids.js';
import { normalizeText } from '../../lib/text.js';
import { type AreaRow, presentArea } from './presenter.js';
import { countAreas, findArea, listAreas } from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  tooMany: { id: 'problems.areas.tooMany' },
});

/** A service area as a versioned row: what its 404 and 412 name and carry. */
export const areaEntity: VersionedEntity<'service_areas', AreaRow> = {
  table: 'service_areas',
  what: 'service area',
  label: 'Service area',
  entity: 'area',
  find: findArea,
  versionOf: (row) => Number(row.version),
  present: presentArea,
};

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
      throw fieldError('', text(refusals.tooMany, { max: String(areaLimits.perWorkspace) }));
    }
    const row: AreaRow = {
      ...newRowOf(actor.workspaceId, Date.now()),
      name: input.name,
      sort_name: normalizeText(input.name),
      colour: input.colour,
      ...shapeColumns(input.geometry),
    };
    await trx.insertInto('service_areas').values(row).execute();
    await recordWrite(trx, areaEntity, actor, row.id, 'created');
    return presentArea(row);
  });
}

/** Applies a patch written against `version`; a stale version is a 412 with the current area. */
export async function updateArea(db: Kysely<Database>, actor: Actor, id: string, version: number, patch: AreaPatch) {
  return db.transaction().execute(async (trx) => {
    const current = await loadAtVersion(trx, areaEntity, actor.workspaceId, { id, version });
    const name = patch.name ?? current.name;
    const changes = {
      name,
      sort_name: normalizeText(name),
      colour: patch.colour ?? current.colour,
      ...(patch.geometry && shapeColumns(patch.geometry)),
      updated_at: Date.now(),
    };
    const saved = await versionedUpdate(trx, areaEntity, actor, { id, version }, changes);
    return presentArea({ ...current, ...changes, version: saved });
  });
}

/** Deletes for good: nothing refers to an area (jobs are flagged by position, not by area). */
export async function deleteArea(db: Kysely<Database>, actor: Actor, id: string, version: number) {
  await db.transaction().execute(async (trx) => {
    await loadAtVersion(trx, areaEntity, actor.workspaceId, { id, version });
    await versionedDelete(trx, areaEntity, actor, { id, version });
  });
}
