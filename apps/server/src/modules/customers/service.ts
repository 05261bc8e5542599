import type { CustomerCreate, CustomerListQuery, CustomerPatch } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/workspace-access.js';
import { newId } from '../../lib/ids.js';
import { type CustomerRow, normalizeText, presentCustomer, searchTextOf } from './presenter.js';
import { customersWithJobsOf, findCustomer, listCustomers } from './queries.js';
import { checkVersion, versionConflict } from './versioning.js';

/** Technicians see contact details only of customers with a job assigned to them (docs/PRODUCT.md, "Roles and permissions"). */
async function presentFor(db: Kysely<Database>, actor: Actor, rows: CustomerRow[]) {
  if (actor.role !== 'technician') return rows.map((row) => presentCustomer(row));
  const own = await customersWithJobsOf(
    db,
    actor.workspaceId,
    actor.memberId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentCustomer(row, own.has(row.id)));
}

export async function getCustomers(db: Kysely<Database>, actor: Actor, query: CustomerListQuery) {
  const page = await listCustomers(db, actor.workspaceId, query);
  return { items: await presentFor(db, actor, page.rows), total: page.total, nextCursor: page.nextCursor };
}

export async function getCustomer(db: Kysely<Database>, actor: Actor, id: string) {
  const row = await findCustomer(db, actor.workspaceId, id);
  if (!row) throw notFound('Customer');
  const [customer] = await presentFor(db, actor, [row]);
  return customer ?? presentCustomer(row);
}

export async function createCustomer(db: Kysely<Database>, actor: Actor, input: CustomerCreate) {
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const row: CustomerRow = {
      id: newId(),
      workspace_id: actor.workspaceId,
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      address: input.address,
      lat: input.lat,
      lng: input.lng,
      notes: input.notes,
      sort_name: normalizeText(input.name),
      search_text: searchTextOf({ name: input.name, address: input.address, phone: input.phone ?? null }),
      version: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await trx.insertInto('customers').values(row).execute();
    await recordChange(trx, {
      workspaceId: actor.workspaceId,
      entity: 'customer',
      entityId: row.id,
      action: 'created',
      actorId: actor.userId,
    });
    return presentCustomer(row);
  });
}

/** Applies a patch written against `version`; a stale version is a 412 with the current customer. */
export async function updateCustomer(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  version: number,
  patch: CustomerPatch,
) {
  return db.transaction().execute(async (trx) => {
    const current = await findCustomer(trx, actor.workspaceId, id);
    if (!current) throw notFound('Customer');
    checkVersion('customer', version, Number(current.version), () => presentCustomer(current));
    const next = {
      name: patch.name ?? current.name,
      email: patch.email !== undefined ? patch.email : current.email,
      phone: patch.phone !== undefined ? patch.phone : current.phone,
      address: patch.address ?? current.address,
      lat: patch.lat ?? current.lat,
      lng: patch.lng ?? current.lng,
      notes: patch.notes ?? current.notes,
    };
    const changes = {
      ...next,
      sort_name: normalizeText(next.name),
      search_text: searchTextOf(next),
      version: version + 1,
      updated_at: Date.now(),
    };
    const result = await trx
      .updateTable('customers')
      .set(changes)
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    // A concurrent writer got there between our read and write.
    if (Number(result.numUpdatedRows) === 0) throw await conflictNow(trx, actor.workspaceId, id);
    await recordChange(trx, {
      workspaceId: actor.workspaceId,
      entity: 'customer',
      entityId: id,
      action: 'updated',
      actorId: actor.userId,
    });
    return presentCustomer({ ...current, ...changes });
  });
}

async function conflictNow(db: Kysely<Database>, workspaceId: string, id: string) {
  const row = await findCustomer(db, workspaceId, id);
  if (!row) return notFound('Customer');
  return versionConflict('customer', Number(row.version), presentCustomer(row));
}

/** Soft delete: the row stays (its jobs keep their customer) but no list or lookup finds it. */
export async function deleteCustomer(db: Kysely<Database>, actor: Actor, id: string, version: number) {
  await db.transaction().execute(async (trx) => {
    const current = await findCustomer(trx, actor.workspaceId, id);
    if (!current) throw notFound('Customer');
    checkVersion('customer', version, Number(current.version), () => presentCustomer(current));
    const now = Date.now();
    const result = await trx
      .updateTable('customers')
      .set({ deleted_at: now, updated_at: now, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw await conflictNow(trx, actor.workspaceId, id);
    await recordChange(trx, {
      workspaceId: actor.workspaceId,
      entity: 'customer',
      entityId: id,
      action: 'deleted',
      actorId: actor.userId,
    });
  });
}
