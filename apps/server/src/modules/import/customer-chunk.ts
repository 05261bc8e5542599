import type { DuplicatePolicy, PreviewRow, RowProblem } from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { overwriteCustomer } from '../customers/index.js';
import { type ChunkOutcome, ChunkWrite } from './chunk-write.js';
import { type CustomerDraft, customerDraft } from './customer-rows.js';
import type { DataRow } from './data-rows.js';
import type { MatchIndex } from './match.js';

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

export type { ChunkOutcome } from './chunk-write.js';

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
  const chunk = await ChunkWrite.begin(trx, ctx, 'customers', drafts, ({ draft }) => rowKey(ctx.fileHash, draft));
  const { outcome } = chunk;
  for (const { item, key, planned, input } of chunk.rows(({ draft, shape }) => plannedAction(draft, shape, ctx))) {
    const { draft } = item;
    const fields = {
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      address: input.address,
      notes: input.notes,
      // Only a language the row names: an update keeps the one the office set.
      ...(input.language && { language: input.language }),
    };
    if (planned.action === 'skip' && planned.match) {
      outcome.skipped++;
      chunk.keep(key, draft.row, planned.match.id, 'skipped');
    } else if (planned.action === 'update' && planned.match) {
      const position = input.lat !== null && input.lng !== null ? { lat: input.lat, lng: input.lng } : {};
      await overwriteCustomer(trx, ctx.workspaceId, planned.match.id, { ...fields, ...position });
      outcome.updated++;
      chunk.keep(key, draft.row, planned.match.id, 'updated');
    } else {
      const id = newId();
      chunk.createCustomer(key, draft.row, { id, ...fields }, input, draft.place);
      ctx.index.add({ id, ...fields });
      outcome.created++;
    }
  }
  await chunk.writeCustomers(trx);
  return chunk.writeKeys(trx);
}
