import type { CustomerCreate, CustomerListQuery, CustomerPatch } from '@fieldplan/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { loadAtVersion, recordWrite, type VersionedEntity, versionedUpdate } from '../../db/versioned.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../http/workspace-access.js';
import { newRowOf } from '../../lib/ids.js';
import type { CustomerFields } from './bulk.js';
import { customersAssignedTo } from './jobs-read.js';
import { type CustomerRow, presentCustomer, withSearchColumns } from './presenter.js';
import { findCustomer, listCustomers } from './queries.js';

/** A customer as a versioned row: what its 404 and 412 name and carry (the 412 shows contact details). */
export const customerEntity: VersionedEntity<'customers', CustomerRow> = {
  table: 'customers',
  what: 'customer',
  label: 'Customer',
  entity: 'customer',
  find: findCustomer,
  versionOf: (row) => Number(row.version),
  present: (row) => presentCustomer(row),
};

/** Technicians see contact details only of customers with a job assigned to them (docs/PRODUCT.md, "Roles and permissions"). */
async function presentFor(db: Kysely<Database>, actor: Actor, rows: CustomerRow[]) {
  if (actor.role !== 'technician') return rows.map((row) => presentCustomer(row));
  const own = await customersAssignedTo(
    db,
    actor.workspaceId,
    actor.memberId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentCustomer(row, own.has(row.id)));
}

/** Writes a new customer (version 1) in the caller's transaction and records its creation. */
export async function insertCustomer(
  trx: Transaction<Database>,
  actor: Actor,
  fields: CustomerFields,
): Promise<CustomerRow> {
  const row: CustomerRow = {
    ...newRowOf(actor.workspaceId, Date.now()),
    ...withSearchColumns(fields),
    language: fields.language ?? null,
    deleted_at: null,
  };
  await trx.insertInto('customers').values(row).execute();
  await recordWrite(trx, customerEntity, actor, row.id, 'created');
  return row;
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
    const row = await insertCustomer(trx, actor, {
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      address: input.address,
      lat: input.lat,
      lng: input.lng,
      notes: input.notes,
      language: input.language ?? null,
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
    const current = await loadAtVersion(trx, customerEntity, actor.workspaceId, { id, version });
    const next = {
      name: patch.name ?? current.name,
      email: patch.email !== undefined ? patch.email : current.email,
      phone: patch.phone !== undefined ? patch.phone : current.phone,
      address: patch.address ?? current.address,
      lat: patch.lat ?? current.lat,
      lng: patch.lng ?? current.lng,
      notes: patch.notes ?? current.notes,
      language: patch.language !== undefined ? patch.language : current.language,
    };
    const changes = { ...withSearchColumns(next), updated_at: Date.now() };
    const saved = await versionedUpdate(trx, customerEntity, actor, { id, version }, changes);
    return presentCustomer({ ...current, ...changes, version: saved });
  });
}

/** Soft delete: the row stays (its jobs keep their customer) but no list or lookup finds it. */
export async function deleteCustomer(db: Kysely<Database>, actor: Actor, id: string, version: number) {
  await db.transaction().execute(async (trx) => {
    await loadAtVersion(trx, customerEntity, actor.workspaceId, { id, version });
    const now = Date.now();
    await versionedUpdate(trx, customerEntity, actor, { id, version }, { deleted_at: now, updated_at: now }, 'deleted');
  });
}
