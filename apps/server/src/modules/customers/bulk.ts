import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import { insertByColumns } from '../../db/column-insert.js';
import type { Dialect } from '../../db/database.js';
import type { CustomersTable, Database } from '../../db/schema.js';
import { withSearchColumns } from './presenter.js';

/**
 * Writes of many customers at once for the import (docs/adr/0034-import.md): no change row per
 * customer — the import records one batched change per chunk — and no per-row version check.
 */
export type CustomerFields = Pick<CustomersTable, 'name' | 'email' | 'phone' | 'address' | 'lat' | 'lng' | 'notes'> & {
  /** The customer's own language (docs/adr/0042-languages.md); absent or null: the workspace's. */
  language?: string | null;
};

/** The workspace's live customers' identifying fields, for matching duplicates. */
export function customerIdentities(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'phone', 'address'])
    .where('workspace_id', '=', workspaceId)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * Inserts new customers (version 1): on PostgreSQL as one statement with an array per column, on
 * SQLite in multi-row statements of at most 500 (docs/PERFORMANCE.md, "Import"). The rows written
 * are the same on both.
 */
export async function insertCustomers(
  trx: Transaction<Database>,
  dialect: Dialect,
  workspaceId: string,
  customers: readonly (CustomerFields & { id: string })[],
): Promise<void> {
  const now = Date.now();
  if (dialect === 'postgres') {
    const same = [
      { column: 'workspace_id', type: 'text', value: workspaceId },
      { column: 'version', type: 'int4', value: 1 },
      { column: 'created_at', type: 'int8', value: now },
      { column: 'updated_at', type: 'int8', value: now },
    ] as const;
    await insertByColumns(trx, 'customers', same, customerColumns, customers.map(withSearchColumns));
    return;
  }
  for (let i = 0; i < customers.length; i += 500) {
    const rows = customers.slice(i, i + 500).map((c) => ({
      ...withSearchColumns(c),
      // Every row names the column (a multi-row VALUES list has no DEFAULT on SQLite).
      language: c.language ?? null,
      workspace_id: workspaceId,
      version: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    }));
    await trx.insertInto('customers').values(rows).execute();
  }
}

/** The columns of a new customer that differ from row to row (deleted_at is left NULL). */
const customerColumns = [
  { column: 'id', type: 'text' },
  { column: 'name', type: 'text' },
  { column: 'email', type: 'text' },
  { column: 'phone', type: 'text' },
  { column: 'address', type: 'text' },
  { column: 'lat', type: 'float8' },
  { column: 'lng', type: 'float8' },
  { column: 'notes', type: 'text' },
  { column: 'language', type: 'text' },
  { column: 'sort_name', type: 'text' },
  { column: 'search_text', type: 'text' },
] as const;

/** An update of the workspace's live (not deleted) customer `id` that moves its version on, unchecked. */
function updateLiveCustomer(
  trx: Transaction<Database>,
  workspaceId: string,
  id: string,
  changes: Updateable<CustomersTable>,
) {
  return trx
    .updateTable('customers')
    .set({ ...changes, version: sql`version + 1`, updated_at: Date.now() })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
}

/** Overwrites a live customer's fields with an imported row's (its version moves on). */
export async function overwriteCustomer(
  trx: Transaction<Database>,
  workspaceId: string,
  id: string,
  fields: Partial<CustomerFields> & { name: string; address: string; phone: string | null },
): Promise<void> {
  await updateLiveCustomer(trx, workspaceId, id, withSearchColumns(fields)).execute();
}

/** Moves a customer to where geocoding placed it, unless someone has moved it since it was written. */
export async function placeCustomer(
  trx: Transaction<Database>,
  workspaceId: string,
  id: string,
  at: { lat: number; lng: number },
  from: { lat: number; lng: number },
): Promise<boolean> {
  const result = await updateLiveCustomer(trx, workspaceId, id, { lat: at.lat, lng: at.lng })
    .where('lat', '=', from.lat)
    .where('lng', '=', from.lng)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Name and address of some customers, for the list of those still to place. */
export function customerLabels(db: Kysely<Database>, workspaceId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'address', 'lat', 'lng'])
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .execute();
}
