import type { Kysely, Transaction, UpdateObject, WhereInterface } from 'kysely';
import { type AppError, notFound } from '../errors/app-error.js';
import { checkVersion, versionConflict } from '../errors/version-conflict.js';
import { type ChangeInput, recordChange } from './changes.js';
import type { Database } from './schema.js';

// The one place a versioned row is written: only against the version the client edited, so a
// concurrent writer's change is never overwritten — the loser gets 412 with the current state.

/** Who writes, in which workspace: the change log names the user (http/workspace-access.ts's Actor is one). */
export interface Writer {
  workspaceId: string;
  userId: string;
}

/** The tables whose rows carry a `version` that every write must name. */
export type VersionedTable =
  | 'customers'
  | 'jobs'
  | 'service_areas'
  | 'feed_subscriptions'
  | 'visit_notes'
  | 'checklist_templates'
  | 'photos';

/** How an entity is found and shown: what its 404 and 412 need. */
export interface VersionedEntity<T extends VersionedTable, Current> {
  table: T;
  /** Named in the 412: "Someone else changed this <what>". */
  what: string;
  /** Named in the 404: "<label> was not found". */
  label: string;
  /** The change log's entity name. */
  entity: string;
  find(db: Kysely<Database>, workspaceId: string, id: string): Promise<Current | undefined>;
  versionOf(current: Current): number;
  /** The body a 412 carries as `current`. */
  present(current: Current): unknown;
}

/** Which row, at which version the client edited. */
export interface VersionedTarget {
  id: string;
  version: number;
}

/** The columns every versioned table shares: enough to address a row at a version. */
interface VersionedColumns {
  id: string;
  workspace_id: string;
  version: number;
}

/**
 * Kysely can't resolve column names on a table that is still a type parameter, so the guarded
 * statements see every versioned table as just the columns they share. The caller's `changes`
 * are checked against its own table at the call site; only here are they widened.
 */
function shared(trx: Transaction<Database>): Kysely<Record<VersionedTable, VersionedColumns>> {
  return trx as unknown as Kysely<Record<VersionedTable, VersionedColumns>>;
}

/** Narrows a guarded statement to the row the client edited, at the version it edited. */
function atEditedVersion<Statement extends WhereInterface<Record<VersionedTable, VersionedColumns>, VersionedTable>>(
  statement: Statement,
  workspaceId: string,
  target: VersionedTarget,
): Statement {
  // `where` is typed as returning the interface; it returns the statement's own builder.
  return statement
    .where('id', '=', target.id)
    .where('workspace_id', '=', workspaceId)
    .where('version', '=', target.version) as Statement;
}

/** The entity as stored now, 404 unless it exists, 412 unless it is at the version the client edited. */
export async function loadAtVersion<T extends VersionedTable, Current>(
  db: Kysely<Database>,
  entity: VersionedEntity<T, Current>,
  workspaceId: string,
  target: VersionedTarget,
): Promise<Current> {
  const current = await entity.find(db, workspaceId, target.id);
  if (!current) throw notFound(entity.label);
  checkVersion(entity.what, target.version, entity.versionOf(current), () => entity.present(current));
  return current;
}

/** The error for a guarded write that matched no row: 404 if it is gone, else 412 with the current version. */
export async function conflictNow<T extends VersionedTable, Current>(
  db: Kysely<Database>,
  entity: VersionedEntity<T, Current>,
  workspaceId: string,
  id: string,
): Promise<AppError> {
  const current = await entity.find(db, workspaceId, id);
  if (!current) return notFound(entity.label);
  return versionConflict(entity.what, entity.versionOf(current), entity.present(current));
}

/**
 * `update … where version = <edited>` setting `version` to the next one; a concurrent writer that
 * got there between the caller's read and this write makes it match nothing → 404/412. Appends
 * `record` to the change log (null: the caller records, after writing what hangs off the row).
 * Returns the new version.
 */
export async function versionedUpdate<T extends VersionedTable, Current>(
  trx: Transaction<Database>,
  entity: VersionedEntity<T, Current>,
  actor: Writer,
  target: VersionedTarget,
  changes: UpdateObject<Database, T>,
  record: ChangeInput['action'] | null = 'updated',
): Promise<number> {
  const version = target.version + 1;
  const result = await shared(trx)
    .updateTable(entity.table as VersionedTable)
    .set({ ...(changes as UpdateObject<Record<VersionedTable, VersionedColumns>, VersionedTable>), version })
    .$call((statement) => atEditedVersion(statement, actor.workspaceId, target))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw await conflictNow(trx, entity, actor.workspaceId, target.id);
  if (record) await recordWrite(trx, entity, actor, target.id, record);
  return version;
}

/** Deletes the row for good if it is still at the edited version (else 404/412), and records it. */
export async function versionedDelete<T extends VersionedTable, Current>(
  trx: Transaction<Database>,
  entity: VersionedEntity<T, Current>,
  actor: Writer,
  target: VersionedTarget,
): Promise<void> {
  const result = await shared(trx)
    .deleteFrom(entity.table as VersionedTable)
    .$call((statement) => atEditedVersion(statement, actor.workspaceId, target))
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw await conflictNow(trx, entity, actor.workspaceId, target.id);
  await recordWrite(trx, entity, actor, target.id, 'deleted');
}

/** Appends the write to the workspace's change log, by the acting user. */
export function recordWrite<T extends VersionedTable, Current>(
  trx: Transaction<Database>,
  entity: VersionedEntity<T, Current>,
  actor: Writer,
  id: string,
  action: ChangeInput['action'],
): Promise<number> {
  return recordChange(trx, {
    workspaceId: actor.workspaceId,
    entity: entity.entity,
    entityId: id,
    action,
    actorId: actor.userId,
  });
}
