import type { Kysely } from 'kysely';
import { type ChangeInput, lockChangeLog, recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { placeCustomer } from '../customers/index.js';
import { type PlaceAnswer, placeAddress } from '../places/index.js';
import type { ImportRow } from './presenter.js';

export interface GeocodeContext {
  db: Kysely<Database>;
  /** The shared geocoder client, or null (GEOCODER_URL=off: the built-in city index alone). */
  geocoder: Parameters<typeof placeAddress>[1];
  closing: () => boolean;
  /** How long to wait when the geocoder had no slot (tests shorten it). */
  retryMs?: number;
}

/** Rows placed per batch (one transaction and one `import` change each). */
const batchRows = 25;

interface Pending {
  address: { query: string; city: string; country: string };
  from: { lat: number; lng: number };
}

/**
 * Geocoding's next batch (docs/adr/0034-import.md, the second phase): rows written without a
 * position are placed through the places service one at a time (its client keeps the geocoder's
 * rate limit) and their customers moved there unless someone moved them meanwhile. A row that
 * can't be placed stays unplaced, listed to fix on the map. Resumable: only rows still holding their
 * query are looked at.
 */
export async function geocodeBatch(
  ctx: GeocodeContext,
  row: ImportRow,
  owner: string,
  leaseMs: number,
  change: ChangeInput,
): Promise<'more' | 'done' | 'stopped'> {
  const pending = await ctx.db
    .selectFrom('import_rows')
    .select(['row_key', 'entity_id', 'geocode_query'])
    .where('import_id', '=', row.id)
    .where('placed', '=', 0)
    .where('geocode_query', 'is not', null)
    .orderBy('row_number')
    .limit(batchRows)
    .execute();
  if (pending.length === 0) return 'done';
  const answers: { key: string; id: string; at: PlaceAnswer; from: Pending['from'] }[] = [];
  for (const p of pending) {
    if (ctx.closing()) break;
    const query = JSON.parse(p.geocode_query as string) as Pending['address'] & { from: Pending['from'] };
    let at = await placeAddress({ ...query, near: query.from }, ctx.geocoder);
    if (at === 'retry') {
      await new Promise((resolve) => setTimeout(resolve, ctx.retryMs ?? 2_000));
      at = await placeAddress({ ...query, near: query.from }, null);
    }
    answers.push({ key: p.row_key, id: p.entity_id, at, from: query.from });
  }
  if (answers.length === 0) return 'stopped';
  const stillOwner = await ctx.db.transaction().execute(async (trx) => {
    // The change-log row first, before the customers it moves (docs/adr/0030-online-booking.md, "Lock order").
    await lockChangeLog(trx, row.workspace_id);
    const now = Date.now();
    const lease = await trx
      .updateTable('imports')
      .set((eb) => ({
        geocoded_rows: eb('geocoded_rows', '+', answers.length),
        lease_until: now + leaseMs,
        version: eb('version', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', row.id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    if (Number(lease.numUpdatedRows) === 0) return false;
    for (const a of answers) {
      const placed =
        a.at !== null && a.at !== 'retry' && (await placeCustomer(trx, row.workspace_id, a.id, a.at, a.from));
      await trx
        .updateTable('import_rows')
        .set({ placed: placed ? 1 : 0, geocode_query: null })
        .where('workspace_id', '=', row.workspace_id)
        .where('kind', '=', row.kind)
        .where('row_key', '=', a.key)
        .execute();
    }
    await recordChange(trx, change);
    return true;
  });
  if (!stillOwner || ctx.closing()) return 'stopped';
  return 'more';
}
