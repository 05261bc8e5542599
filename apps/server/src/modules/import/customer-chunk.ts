import type { DuplicatePolicy, PreviewRow, RowProblem } from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { type CustomerFields, insertCustomers, overwriteCustomer } from '../customers/index.js';
import { type CustomerDraft, customerDraft } from './customer-rows.js';
import type { DataRow } from './data-rows.js';
import type { MatchIndex } from './match.js';
import { doneKeys, insertRowKeys } from './queries.js';

export interface ChunkContext {
  dialect: Dialect;
  workspaceId: string;
  importId: string;
  fileHash: string;
  mapping: readonly (string | null)[];
  policy: DuplicatePolicy;
  index: MatchIndex;
  /** Where a customer without a position is put until geocoding places it: the workspace's map centre. */
  provisional: { lat: number; lng: number };
}

export interface ChunkOutcome {
  created: number;
  updated: number;
  skipped: number;
  refused: RowProblem[][];
  /** Rows written without a position (geocoding's work). */
  toPlace: number;
}

/** A row's identity across imports: the source tool's id when mapped, else the file's hash and the row number. */
export const rowKey = (fileHash: string, draft: Pick<CustomerDraft, 'row' | 'sourceId'>) =>
  draft.sourceId ? `id:${draft.sourceId}` : `row:${fileHash}:${draft.row}`;

export interface ChunkDraft {
  draft: CustomerDraft;
  /** The row's shape problems (more fields than the header). */
  shape: RowProblem[];
}

/** The rows read through the mapping — done before the chunk's transaction, which then only writes. */
export const chunkDrafts = (rows: readonly DataRow[], mapping: ChunkContext['mapping']): ChunkDraft[] =>
  rows.map((r) => ({ draft: customerDraft(r.row, r.cells, mapping), shape: r.problems }));

/** What the row will do under the policy (the preview's "action"), without writing. */
export function plannedAction(draft: CustomerDraft, problems: RowProblem[], ctx: ChunkContext): PreviewRow {
  const all = [...problems, ...draft.problems];
  const match = draft.input ? ctx.index.find(draft.input) : null;
  const action = all.length > 0 ? 'refuse' : !match || ctx.policy === 'create' ? 'create' : ctx.policy;
  return { row: draft.row, values: draft.values, problems: all, match, action };
}

/**
 * Writes one chunk of customer rows in the caller's transaction: rows an earlier import wrote are
 * left alone (skipped), rows with problems are refused, duplicates follow the policy, the rest are
 * created; each written row gets its key in `import_rows`.
 */
export async function writeCustomerChunk(
  trx: Transaction<Database>,
  ctx: ChunkContext,
  drafts: readonly ChunkDraft[],
): Promise<ChunkOutcome> {
  const keys = drafts.map(({ draft }) => rowKey(ctx.fileHash, draft));
  const done = await doneKeys(trx, ctx.workspaceId, 'customers', keys, ctx.dialect);
  const outcome: ChunkOutcome = { created: 0, updated: 0, skipped: 0, refused: [], toPlace: 0 };
  const inserts: (CustomerFields & { id: string })[] = [];
  const keyRows: Database['import_rows'][] = [];
  for (const [i, { draft, shape }] of drafts.entries()) {
    const key = keys[i] as string;
    if (done.has(key)) {
      outcome.skipped++;
      continue;
    }
    const planned = plannedAction(draft, shape, ctx);
    const input = draft.input;
    if (planned.action === 'refuse' || !input) {
      outcome.refused.push(planned.problems);
      continue;
    }
    done.add(key);
    const keyRow = {
      workspace_id: ctx.workspaceId,
      kind: 'customers',
      row_key: key,
      import_id: ctx.importId,
      row_number: draft.row,
      placed: 1,
      geocode_query: null as string | null,
    };
    const fields = {
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      address: input.address,
      notes: input.notes,
    };
    if (planned.action === 'skip' && planned.match) {
      outcome.skipped++;
      keyRows.push({ ...keyRow, entity_id: planned.match.id, outcome: 'skipped' });
    } else if (planned.action === 'update' && planned.match) {
      const position = input.lat !== null && input.lng !== null ? { lat: input.lat, lng: input.lng } : {};
      await overwriteCustomer(trx, ctx.workspaceId, planned.match.id, { ...fields, ...position });
      outcome.updated++;
      keyRows.push({ ...keyRow, entity_id: planned.match.id, outcome: 'updated' });
    } else {
      const id = newId();
      const placed = input.lat !== null && input.lng !== null;
      inserts.push({ id, ...fields, lat: input.lat ?? ctx.provisional.lat, lng: input.lng ?? ctx.provisional.lng });
      ctx.index.add({ id, ...fields });
      outcome.created++;
      if (!placed) outcome.toPlace++;
      keyRows.push({
        ...keyRow,
        entity_id: id,
        outcome: 'created',
        placed: placed ? 1 : 0,
        geocode_query: placed ? null : JSON.stringify({ ...draft.place, from: ctx.provisional }),
      });
    }
  }
  await insertCustomers(trx, ctx.dialect, ctx.workspaceId, inserts);
  await insertRowKeys(trx, ctx.dialect, keyRows);
  return outcome;
}
