import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { recordChange } from '../../db/changes.js';
import type { Db } from '../../db/database.js';
import { type Outbox, runWithOutbox } from '../../db/outbox.js';
import { newId } from '../../lib/ids.js';
import type { ChunkGate } from './chunk-gate.js';
import { type GeocodeContext, geocodeBatch } from './geocode.js';
import type { ImportRow } from './presenter.js';
import { claimImport, findImport, importById, resumableImports } from './queries.js';
import { changeOf, leaseMs } from './rows-phase.js';
import { type RowsThread, runRowsInWorker } from './rows-thread.js';

/**
 * Runs imports in the background (docs/adr/0034-import.md): rows in chunks (`chunkRowsFor` the
 * database), each chunk one transaction and one `import` change, written by a worker thread (docs/adr/0036-import-rows-off-the-event-loop.md), then geocoding on this thread. A
 * process that stops mid-way leaves its lease to expire; the next sweep (any process) resumes from
 * the last committed chunk.
 */
export class ImportRunner {
  private readonly owner = newId();
  private readonly running = new Map<string, Promise<void>>();
  private closing = false;
  private timer: NodeJS.Timeout | undefined;

  private readonly threads = new Set<RowsThread>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
    private readonly geocoding: Omit<GeocodeContext, 'db' | 'closing'>,
    /** Tests: holds each chunk in its transaction until released (chunk-gate.ts). */
    private readonly chunkGate?: ChunkGate,
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
    for (const thread of this.threads) thread.stop();
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

  /**
   * The rows phase, in a worker thread with its own database connection (rows-thread.ts); each
   * committed chunk's one change is published here. False when it stopped early (closing, or the
   * lease was lost).
   */
  private async importRows(row: ImportRow): Promise<boolean> {
    if (this.closing) return false;
    const thread = runRowsInWorker(
      this.db,
      row,
      this.owner,
      (changes) => this.app.publishRecorded({ changes, publishes: new Map() }),
      this.chunkGate,
      (message) => this.app.log.info({ importId: row.id }, message),
    );
    this.threads.add(thread);
    try {
      if (!(await thread.done)) return false;
    } finally {
      this.threads.delete(thread);
    }
    await this.transition(row, { status: 'geocoding' });
    return true;
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
