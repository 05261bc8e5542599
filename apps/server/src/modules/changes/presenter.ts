import {
  type ChangeAction,
  type ChangeEntity,
  type ChangeEvent,
  can,
  changeActions,
  changeEntities,
  type Removed,
} from '@fieldplan/shared';
import type { Kysely, Selectable } from 'kysely';
import type { ChangesTable, Database } from '../../db/schema.js';
import type { Actor } from '../../http/workspace-access.js';
import { presentArea } from '../areas/presenter.js';
import { findArea } from '../areas/queries.js';
import { presentCustomer } from '../customers/presenter.js';
import { customersWithJobsOf, findCustomer } from '../customers/queries.js';
import { presentFeed } from '../feeds/presenter.js';
import { findFeed } from '../feeds/queries.js';
import { presentJob } from '../jobs/presenter.js';
import { loadJob } from '../jobs/queries.js';
import { presentMember } from '../members/presenter.js';
import { findMember } from '../members/queries.js';
import { presentWorkspace } from '../workspaces/presenter.js';
import { findWorkspace } from '../workspaces/queries.js';

export type ChangeRow = Selectable<ChangesTable>;

/**
 * Who a change is presented for: the workspace channel (every member reads it, so customers leave out
 * contact details as they do for a technician) or one caller of `/changes` (exactly what they may see).
 */
export type Audience = { kind: 'channel' } | { kind: 'actor'; actor: Actor };

type EntityData = ChangeEvent['data'];

/** One entity as the API presents it now, or undefined when it is gone. */
async function loadEntity(
  db: Kysely<Database>,
  workspaceId: string,
  entity: ChangeEntity,
  id: string,
  audience: Audience,
): Promise<EntityData | undefined> {
  switch (entity) {
    case 'job': {
      const job = await loadJob(db, workspaceId, id);
      return job && presentJob(job);
    }
    case 'customer': {
      const row = await findCustomer(db, workspaceId, id);
      if (!row) return undefined;
      if (audience.kind === 'channel') return presentCustomer(row, false);
      const { actor } = audience;
      if (actor.role !== 'technician') return presentCustomer(row);
      const own = await customersWithJobsOf(db, workspaceId, actor.memberId, [id]);
      return presentCustomer(row, own.has(id));
    }
    case 'area': {
      const row = await findArea(db, workspaceId, id);
      return row && presentArea(row);
    }
    case 'feed': {
      const row = await findFeed(db, workspaceId, id);
      const fullUrl = audience.kind === 'actor' && can(audience.actor.role, 'schedule.write');
      return row && presentFeed(row, fullUrl);
    }
    case 'member': {
      const row = await findMember(db, workspaceId, id);
      // Every member reads the channel: emails only to a `/changes` caller who may see them.
      const showEmail = audience.kind === 'actor' && can(audience.actor.role, 'members.emails');
      return row && presentMember(row, showEmail);
    }
    case 'workspace': {
      const row = id === workspaceId ? await findWorkspace(db, id) : undefined;
      return row && presentWorkspace(row);
    }
  }
}

const isEntity = (value: string): value is ChangeEntity => (changeEntities as readonly string[]).includes(value);
const isAction = (value: string): value is ChangeAction => (changeActions as readonly string[]).includes(value);

/**
 * Change-log rows (in order) as clients receive them: each with its entity as it is now, or `{id}`
 * when it is deleted or gone. Each entity is loaded once however often it changed. Rows of an entity
 * kind this server doesn't know are left out (a newer process may write kinds an older one can't present).
 */
export async function presentChanges(
  db: Kysely<Database>,
  workspaceId: string,
  rows: readonly ChangeRow[],
  audience: Audience,
): Promise<ChangeEvent[]> {
  const loaded = new Map<string, EntityData | undefined>();
  const events: ChangeEvent[] = [];
  for (const row of rows) {
    const { entity, action } = row;
    if (!isEntity(entity) || !isAction(action)) continue;
    const key = `${entity}:${row.entity_id}`;
    if (action !== 'deleted' && !loaded.has(key)) {
      loaded.set(key, await loadEntity(db, workspaceId, entity, row.entity_id, audience));
    }
    const removed: Removed = { id: row.entity_id };
    const data = action === 'deleted' ? removed : (loaded.get(key) ?? removed);
    // The union is by entity; the loader returned the entity's own shape.
    events.push({ seq: Number(row.seq), entity, action, data } as ChangeEvent);
  }
  return events;
}
