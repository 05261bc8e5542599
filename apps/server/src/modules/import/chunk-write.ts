import type { PreviewRow, RowProblem } from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type CustomerFields, insertCustomers } from '../customers/index.js';
import { doneKeys, insertRowKeys } from './queries.js';

export interface ChunkOutcome {
  created: number;
  updated: number;
  skipped: number;
  refused: RowProblem[][];
  /** Rows written without a position (geocoding's work). */
  toPlace: number;
}

/** Where a chunk's rows go, and where a customer without a position waits for geocoding: the map centre. */
export interface ChunkTarget {
  dialect: Dialect;
  workspaceId: string;
  importId: string;
  provisional: { lat: number; lng: number };
}

/** A row of a chunk as read through the mapping: `input` is null when the row is not valid. */
interface ReadRow {
  draft: { row: number; input: object | null };
}

/**
 * One chunk's writes, customers' or jobs', collected as its rows are gone through and written at the end:
 * the counts, the customers it creates and each written row's key in `import_rows` (what a resumed or
 * repeated import skips).
 */
export class ChunkWrite<R extends ReadRow> {
  readonly outcome: ChunkOutcome = { created: 0, updated: 0, skipped: 0, refused: [], toPlace: 0 };
  private readonly customers: (CustomerFields & { id: string })[] = [];
  private readonly keyRows: Database['import_rows'][] = [];

  private constructor(
    private readonly target: ChunkTarget,
    private readonly kind: 'customers' | 'jobs',
    private readonly items: readonly R[],
    private readonly keys: readonly string[],
    private readonly done: Set<string>,
  ) {}

  /** A chunk of `kind` of these rows, each keyed by `keyOf`, knowing which keys an earlier import wrote. */
  static async begin<R extends ReadRow>(
    trx: Transaction<Database>,
    target: ChunkTarget,
    kind: 'customers' | 'jobs',
    items: readonly R[],
    keyOf: (item: R) => string,
  ): Promise<ChunkWrite<R>> {
    const keys = items.map(keyOf);
    const done = await doneKeys(trx, target.workspaceId, kind, keys, target.dialect);
    return new ChunkWrite(target, kind, items, keys, done);
  }

  /**
   * The rows to write, in order, with their key, plan and input. A row an earlier import wrote, or an
   * earlier row of this chunk with the same key, counts as skipped; a refused row as refused. Each row
   * is planned when it is reached, so its plan sees what the rows before it created.
   */
  *rows(plan: (item: R) => PreviewRow) {
    for (const [i, item] of this.items.entries()) {
      const key = this.keys[i] as string;
      if (this.done.has(key)) {
        this.outcome.skipped++;
        continue;
      }
      const planned = plan(item);
      const input = item.draft.input as NonNullable<R['draft']['input']> | null;
      if (planned.action === 'refuse' || !input) {
        this.outcome.refused.push(planned.problems);
        continue;
      }
      this.done.add(key);
      yield { item, key, planned, input };
    }
  }

  /** Keeps a written row's key: what it did to which entity, and the geocoding query of one not placed yet. */
  keep(key: string, row: number, entityId: string, outcome: string, geocodeQuery: string | null = null): void {
    this.keyRows.push({
      workspace_id: this.target.workspaceId,
      kind: this.kind,
      row_key: key,
      import_id: this.target.importId,
      row_number: row,
      entity_id: entityId,
      outcome,
      placed: geocodeQuery === null ? 1 : 0,
      geocode_query: geocodeQuery,
    });
  }

  /**
   * A customer the import creates: at the row's position, or at the provisional one with what geocoding
   * searches for kept with its key, to place it later (docs/adr/0034-import.md).
   */
  createCustomer(
    key: string,
    row: number,
    customer: Omit<CustomerFields, 'lat' | 'lng'> & { id: string },
    at: { lat: number | null; lng: number | null },
    place: { query: string; city: string; country: string },
  ): void {
    const { provisional } = this.target;
    const placed = at.lat !== null && at.lng !== null;
    this.customers.push({ ...customer, lat: at.lat ?? provisional.lat, lng: at.lng ?? provisional.lng });
    if (!placed) this.outcome.toPlace++;
    this.keep(key, row, customer.id, 'created', placed ? null : JSON.stringify({ ...place, from: provisional }));
  }

  /** Writes the customers the chunk creates. */
  writeCustomers(trx: Transaction<Database>): Promise<void> {
    return insertCustomers(trx, this.target.dialect, this.target.workspaceId, this.customers);
  }

  /** Writes the rows' keys, last: the chunk's outcome. */
  async writeKeys(trx: Transaction<Database>): Promise<ChunkOutcome> {
    await insertRowKeys(trx, this.target.dialect, this.keyRows);
    return this.outcome;
  }
}
