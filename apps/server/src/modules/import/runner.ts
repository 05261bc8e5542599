import fs from 'node:fs';
import { type DuplicatePolicy, importLimits, type RowProblem } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { recordChange } from '../../db/changes.js';
import type { Db } from '../../db/database.js';
import { type Outbox, runWithOutbox } from '../../db/outbox.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { customerIdentities } from '../customers/index.js';
import { workspaceMapSettings, workspaceZone } from '../workspaces/index.js';
import { type ChunkContext, type ChunkOutcome, chunkDrafts, writeCustomerChunk } from './customer-chunk.js';
import { type DataRow, dataRows } from './data-rows.js';
import { type GeocodeContext, geocodeBatch } from './geocode.js';
import { type JobChunkContext, jobChunkDrafts, jobLookups, writeJobChunk } from './job-chunk.js';
import { MatchIndex } from './match.js';
import type { ImportRow } from './presenter.js';
import { claimImport, findImport, importById, resumableImports } from './queries.js';
import { sourceOf } from './source.js';

/** How long a process's claim on an import lasts without renewal (renewed with every chunk). */
const leaseMs = 60_000;

/**
 * Runs imports in the background (docs/adr/0034-import.md): rows in chunks of
 * `importLimits.chunkRows`, each chunk one transaction and one `import` change, then geocoding. A
 * process that stops mid-way leaves its lease to expire; the next sweep (any process) resumes from
 * the last committed chunk.
 */
export class ImportRunner {
  private readonly owner = newId();
  private readonly running = new Map<string, Promise<void>>();
  private closing = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
    private readonly geocoding: Omit<GeocodeContext, 'db' | 'closing'>,
  ) {}

  /** Looks for imports to resume now and every `everyMs`. */
  startSweeping(everyMs = 30_000): void {
    this.timer = setInterval(() => void this.sweep(), everyMs);
    this.timer.unref();
    void this.sweep();
  }

  async sweep(): Promise<void> {
    try {
      for (const { id } of await resumableImports(this.db.kysely, Date.now())) this.start(id);
    } catch (err) {
      this.app.log.warn({ err }, 'import: looking for imports to resume failed');
    }
  }

  /** Runs an import unless this process already does. */
  start(id: string): void {
    if (this.closing || this.running.has(id)) return;
    const run = this.run(id)
      .catch((err: unknown) => this.fail(id, err))
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  /** Stops between chunks; what was committed stays, the rest resumes in another process or after restart. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    await Promise.all(this.running.values());
  }

  /** Resolves once the import's run in this process has ended (tests and the benchmark). */
  settled(id: string): Promise<void> {
    return this.running.get(id) ?? Promise.resolve();
  }

  private async run(id: string): Promise<void> {
    const kysely = this.db.kysely;
    if (!(await claimImport(kysely, id, this.owner, Date.now(), leaseMs))) return;
    let row = await importById(kysely, id);
    if (!row) return;
    if (row.status === 'running') {
      if (!(await this.importRows(row))) return;
      row = (await findImport(kysely, row.workspace_id, id)) as ImportRow;
    }
    if (row.status === 'geocoding') await this.geocode(row);
  }

  /** The rows phase; false when it stopped early (closing, or the lease was lost). */
  private async importRows(row: ImportRow): Promise<boolean> {
    const kysely = this.db.kysely;
    const source = sourceOf(row);
    if (!fs.existsSync(source.filePath)) {
      throw new Error(
        'The uploaded file is gone: upload it again (rows already imported are recognised and left alone)',
      );
    }
    const write = row.kind === 'jobs' ? await jobWriter(kysely, row) : await customerWriter(kysely, row);
    const refusals = JSON.parse(row.refusals) as RowProblem[];
    const skip = Number(row.processed_rows);
    let seen = 0;
    let chunk: DataRow[] = [];
    const facts = { headers: JSON.parse(row.headers) as string[], headerRow: Number(row.header_row) };
    for await (const data of dataRows(source, facts)) {
      if (seen++ < skip) continue;
      chunk.push(data);
      if (chunk.length < importLimits.chunkRows) continue;
      if (!(await this.writeChunk(row, write, chunk, refusals))) return false;
      chunk = [];
      // Other requests get their turn between chunks (SQLite's writes block the event loop while they run).
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (chunk.length > 0 && !(await this.writeChunk(row, write, chunk, refusals))) return false;
    await this.transition(row, { status: 'geocoding' });
    return true;
  }

  private async writeChunk(row: ImportRow, write: ChunkWriter, chunk: DataRow[], refusals: RowProblem[]) {
    if (this.closing) return false;
    const outbox: Outbox = { changes: [], publishes: new Map() };
    const writeRows = write(chunk);
    const renewed = await runWithOutbox(outbox, () =>
      this.db.kysely.transaction().execute(async (trx) => {
        const outcome = await writeRows(trx);
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
            refusals: JSON.stringify(refusals.slice(0, importLimits.refusalsKept)),
            lease_until: now + leaseMs,
            version: eb('version', '+', 1),
            updated_at: now,
          }))
          .where('id', '=', row.id)
          .where('lease_owner', '=', this.owner)
          .where('status', '=', 'running')
          .executeTakeFirst();
        // Another process took the import over (this one stalled past its lease): write nothing.
        if (Number(result.numUpdatedRows) === 0) throw new LeaseLost();
        await recordChange(trx, changeOf(row));
        return true;
      }),
    ).catch((err: unknown) => {
      if (err instanceof LeaseLost) return false;
      throw err;
    });
    await this.app.publishRecorded(outbox);
    return renewed;
  }

  private async geocode(row: ImportRow): Promise<void> {
    const ctx: GeocodeContext = { ...this.geocoding, db: this.db.kysely, closing: () => this.closing };
    for (;;) {
      const outbox: Outbox = { changes: [], publishes: new Map() };
      const progress = await runWithOutbox(outbox, () => geocodeBatch(ctx, row, this.owner, leaseMs, changeOf(row)));
      await this.app.publishRecorded(outbox);
      if (progress === 'stopped') return;
      if (progress === 'done') break;
    }
    await this.transition(row, { status: 'done', lease_owner: null, lease_until: null });
    fs.rmSync(row.file_path, { force: true });
  }

  private async transition(row: ImportRow, set: { status: string; lease_owner?: null; lease_until?: null }) {
    const outbox: Outbox = { changes: [], publishes: new Map() };
    await runWithOutbox(outbox, () =>
      this.db.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable('imports')
          .set((eb) => ({ ...set, version: eb('version', '+', 1), updated_at: Date.now() }))
          .where('id', '=', row.id)
          .execute();
        await recordChange(trx, changeOf(row));
      }),
    );
    await this.app.publishRecorded(outbox);
  }

  private async fail(id: string, err: unknown): Promise<void> {
    this.app.log.warn({ err, importId: id }, 'import: stopped by an error; it can be resumed');
    await this.db.kysely
      .updateTable('imports')
      .set((eb) => ({
        status: 'failed',
        error: err instanceof Error ? err.message : 'The import stopped',
        lease_owner: null,
        lease_until: null,
        version: eb('version', '+', 1),
        updated_at: Date.now(),
      }))
      .where('id', '=', id)
      .execute()
      .catch(() => undefined);
  }
}

class LeaseLost extends Error {}

/** The one batched change an import's chunk records: the import itself (clients refetch what it touched). */
export const changeOf = (row: Pick<ImportRow, 'workspace_id' | 'id' | 'created_by'>) => ({
  workspaceId: row.workspace_id,
  entity: 'import',
  entityId: row.id,
  action: 'updated' as const,
  actorId: row.created_by,
});

/** Reads a chunk's rows through the mapping (outside the transaction) and returns what writes them in it. */
type ChunkWriter = (rows: DataRow[]) => (trx: Transaction<Database>) => Promise<ChunkOutcome>;

async function customerWriter(db: Kysely<Database>, row: ImportRow): Promise<ChunkWriter> {
  const index = new MatchIndex();
  for (const c of await customerIdentities(db, row.workspace_id)) index.add(c);
  const ctx: ChunkContext = {
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

async function jobWriter(db: Kysely<Database>, row: ImportRow): Promise<ChunkWriter> {
  const ctx: JobChunkContext = {
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
