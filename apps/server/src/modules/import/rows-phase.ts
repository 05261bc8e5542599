import fs from 'node:fs';
import { type DuplicatePolicy, importLimits, type RowProblem } from '@fieldplan/shared';
import type { Kysely, Transaction } from 'kysely';
import { lockChangeLog, recordChange } from '../../db/changes.js';
import type { Dialect } from '../../db/database.js';
import { type Outbox, type RecordedChange, runWithOutbox } from '../../db/outbox.js';
import type { Database } from '../../db/schema.js';
import { customerIdentities } from '../customers/index.js';
import { workspaceMapSettings, workspaceZone } from '../workspaces/index.js';
import { type ChunkContext, type ChunkOutcome, chunkDrafts, writeCustomerChunk } from './customer-chunk.js';
import { type DataRow, dataRows } from './data-rows.js';
import { type JobChunkContext, jobChunkDrafts, jobLookups, writeJobChunk } from './job-chunk.js';
import { MatchIndex } from './match.js';
import type { ImportRow } from './presenter.js';
import { sourceOf } from './source.js';

/** How long a process's claim on an import lasts without renewal (renewed with every chunk). */
export const leaseMs = 60_000;

/** Rows per chunk on this database (see `importLimits`). */
export const chunkRowsFor = (dialect: Dialect) =>
  dialect === 'postgres' ? importLimits.chunkRowsPostgres : importLimits.chunkRows;

/** The one batched change an import's chunk records: the import itself (clients refetch what it touched). */
export const changeOf = (row: Pick<ImportRow, 'workspace_id' | 'id' | 'created_by'>) => ({
  workspaceId: row.workspace_id,
  entity: 'import',
  entityId: row.id,
  action: 'updated' as const,
  actorId: row.created_by,
});

export interface RowsPhase {
  db: Kysely<Database>;
  dialect: Dialect;
  row: ImportRow;
  /** The lease owner (the process that claimed the import). */
  owner: string;
  /** Rows per chunk (`chunkRowsFor` the database). */
  chunkRows: number;
  /** Asked before each chunk: true once the process is closing. */
  stopping: () => boolean;
  /** Each committed chunk's recorded changes, to publish (in order). */
  committed: (changes: RecordedChange[]) => void;
  /** Tests: runs inside each chunk's transaction once its rows are written, before the commit. */
  beforeCommit?: (chunk: number) => Promise<void>;
}

/**
 * The rows phase (docs/adr/0034-import.md): reads the stored file again, maps and matches its rows and
 * writes them `chunkRows` at a time after the rows already processed, each chunk one
 * transaction with one `import` change. True once every row is written; false when it stopped early
 * (closing, or another process took the lease). Runs in the import worker thread (rows-worker.ts).
 */
export async function writeRows(phase: RowsPhase): Promise<boolean> {
  const { db, row } = phase;
  const source = sourceOf(row);
  if (!fs.existsSync(source.filePath)) {
    throw new Error('The uploaded file is gone: upload it again (rows already imported are recognised and left alone)');
  }
  const write =
    row.kind === 'jobs' ? await jobWriter(db, phase.dialect, row) : await customerWriter(db, phase.dialect, row);
  const refusals = JSON.parse(row.refusals) as RowProblem[];
  const skip = Number(row.processed_rows);
  let seen = 0;
  let chunks = 0;
  let chunk: DataRow[] = [];
  const facts = { headers: JSON.parse(row.headers) as string[], headerRow: Number(row.header_row) };
  for await (const data of dataRows(source, facts)) {
    if (seen++ < skip) continue;
    chunk.push(data);
    if (chunk.length < phase.chunkRows) continue;
    if (!(await writeChunk(phase, write, chunk, refusals, ++chunks))) return false;
    chunk = [];
    // Lets a stop request (a message to this thread) arrive between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return chunk.length === 0 || writeChunk(phase, write, chunk, refusals, ++chunks);
}

async function writeChunk(
  phase: RowsPhase,
  write: ChunkWriter,
  chunk: DataRow[],
  refusals: RowProblem[],
  n: number,
): Promise<boolean> {
  const { row, owner } = phase;
  if (phase.stopping()) return false;
  const outbox: Outbox = { changes: [], publishes: new Map() };
  const writeRows = write(chunk);
  const renewed = await runWithOutbox(outbox, () =>
    phase.db.transaction().execute(async (trx) => {
      // The change-log row first, as every write of customers and jobs takes it (docs/adr/0030-online-booking.md,
      // "Lock order"): a chunk that updates a customer a request is saving waits for it instead of deadlocking.
      await lockChangeLog(trx, row.workspace_id);
      const outcome = await writeRows(trx);
      const kept = refusals.length;
      for (const problems of outcome.refused) {
        if (refusals.length < importLimits.refusalsKept) refusals.push(...problems);
      }
      const now = Date.now();
      const result = await trx
        .updateTable('imports')
        .set((eb) => ({
          processed_rows: eb('processed_rows', '+', chunk.length),
          created_count: eb('created_count', '+', outcome.created),
          updated_count: eb('updated_count', '+', outcome.updated),
          skipped_count: eb('skipped_count', '+', outcome.skipped),
          refused_count: eb('refused_count', '+', outcome.refused.length),
          geocode_total: eb('geocode_total', '+', outcome.toPlace),
          // Rewritten only when this chunk kept more (the JSON grows to `refusalsKept` problems).
          ...(refusals.length > kept && { refusals: JSON.stringify(refusals.slice(0, importLimits.refusalsKept)) }),
          lease_until: now + leaseMs,
          version: eb('version', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', row.id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .executeTakeFirst();
      // Another process took the import over (this one stalled past its lease): write nothing.
      if (Number(result.numUpdatedRows) === 0) throw new LeaseLost();
      await recordChange(trx, changeOf(row));
      await phase.beforeCommit?.(n);
      return true;
    }),
  ).catch((err: unknown) => {
    if (err instanceof LeaseLost) return false;
    throw err;
  });
  // A chunk records changes only through recordChange; deferred publishes (functions) could not leave this thread.
  if (renewed) phase.committed(outbox.changes);
  return renewed;
}

class LeaseLost extends Error {}

/** Reads a chunk's rows through the mapping (outside the transaction) and returns what writes them in it. */
type ChunkWriter = (rows: DataRow[]) => (trx: Transaction<Database>) => Promise<ChunkOutcome>;

async function customerWriter(db: Kysely<Database>, dialect: Dialect, row: ImportRow): Promise<ChunkWriter> {
  const index = new MatchIndex();
  for (const c of await customerIdentities(db, row.workspace_id)) index.add(c);
  const ctx: ChunkContext = {
    dialect,
    workspaceId: row.workspace_id,
    importId: row.id,
    fileHash: row.file_hash,
    mapping: JSON.parse(row.mapping) as (string | null)[],
    policy: row.duplicate_policy as DuplicatePolicy,
    index,
    provisional: await provisionalPosition(db, row.workspace_id),
  };
  return (rows) => {
    const drafts = chunkDrafts(rows, ctx.mapping);
    return (trx) => writeCustomerChunk(trx, ctx, drafts);
  };
}

async function jobWriter(db: Kysely<Database>, dialect: Dialect, row: ImportRow): Promise<ChunkWriter> {
  const ctx: JobChunkContext = {
    dialect,
    workspaceId: row.workspace_id,
    importId: row.id,
    fileHash: row.file_hash,
    createdBy: row.created_by,
    mapping: JSON.parse(row.mapping) as (string | null)[],
    zone: await workspaceZone(db, row.workspace_id),
    ...(await jobLookups(db, row.workspace_id)),
    provisional: await provisionalPosition(db, row.workspace_id),
  };
  return (rows) => {
    const drafts = jobChunkDrafts(rows, ctx);
    return (trx) => writeJobChunk(trx, ctx, drafts);
  };
}

/** The workspace's map centre, else 0,0. */
async function provisionalPosition(db: Kysely<Database>, workspaceId: string) {
  const map = await workspaceMapSettings(db, workspaceId);
  const centre = map ? (JSON.parse(map) as { center?: { lat: number; lng: number } }).center : undefined;
  return centre ?? { lat: 0, lng: 0 };
}
