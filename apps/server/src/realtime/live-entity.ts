import {
  type ChangeAction,
  type ChangeEntity,
  type ChangeEntityData,
  type ChangeEvent,
  changeActions,
  type Removed,
} from '@fieldplan/shared';
import type { Kysely, Selectable } from 'kysely';
import type { ChangesTable, Database } from '../db/schema.js';
import type { Actor } from '../http/workspace-access.js';

export type ChangeRow = Selectable<ChangesTable>;

/**
 * Who a change is presented for: the workspace channel (every member reads it, so customers leave out
 * contact details as they do for a technician) or one caller of `/changes` (exactly what they may see).
 */
export type Audience = { kind: 'channel' } | { kind: 'actor'; actor: Actor };

/** What an entity is loaded and presented in: one workspace, for one audience. */
export interface LiveContext {
  db: Kysely<Database>;
  workspaceId: string;
  audience: Audience;
}

/**
 * How one kind of change-log entity goes live: each module describes its own (`modules/<area>/live.ts`)
 * and `modules/live-entities.ts` lists them, so the channel and `/changes` know no entity by name.
 */
export interface LiveEntity<E extends ChangeEntity, Row = unknown> {
  /** The entity's current row in the workspace, or undefined when it is gone. */
  load(ctx: LiveContext, id: string): Promise<Row | undefined>;
  /** The row as the API presents it to the audience. */
  present(row: Row, ctx: LiveContext): ChangeEntityData[E] | Promise<ChangeEntityData[E]>;
}

/**
 * Every entity the change log carries, by its name on the wire. Its row type is left open (methods
 * accept a narrower row): `present` only ever receives what the same entry's `load` returned.
 */
export type LiveEntities = { [E in ChangeEntity]: LiveEntity<E> };

type EntityData = ChangeEvent['data'];

const isAction = (value: string): value is ChangeAction => (changeActions as readonly string[]).includes(value);
const isLive = (entities: LiveEntities, value: string): value is ChangeEntity => Object.hasOwn(entities, value);

/** One entity as the API presents it now, or undefined when it is gone. */
async function current<E extends ChangeEntity>(
  live: LiveEntity<E>,
  ctx: LiveContext,
  id: string,
): Promise<EntityData | undefined> {
  const row = await live.load(ctx, id);
  return row === undefined ? undefined : live.present(row, ctx);
}

/**
 * Change-log rows (in order) as clients receive them: each with its entity as it is now, or `{id}`
 * when it is deleted or gone. Each entity is loaded once however often it changed. Rows of an entity
 * kind this server doesn't know are left out (a newer process may write kinds an older one can't present).
 */
export async function presentChanges(
  entities: LiveEntities,
  db: Kysely<Database>,
  workspaceId: string,
  rows: readonly ChangeRow[],
  audience: Audience,
): Promise<ChangeEvent[]> {
  const ctx: LiveContext = { db, workspaceId, audience };
  const loaded = new Map<string, EntityData | undefined>();
  const events: ChangeEvent[] = [];
  for (const row of rows) {
    const { entity, action } = row;
    if (!isLive(entities, entity) || !isAction(action)) continue;
    const key = `${entity}:${row.entity_id}`;
    if (action !== 'deleted' && !loaded.has(key)) loaded.set(key, await current(entities[entity], ctx, row.entity_id));
    const removed: Removed = { id: row.entity_id };
    const data = action === 'deleted' ? removed : (loaded.get(key) ?? removed);
    // The union is by entity; the entry of that entity presented its own shape.
    events.push({ seq: Number(row.seq), entity, action, data } as ChangeEvent);
  }
  return events;
}
