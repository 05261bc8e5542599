import type { MessagePort } from 'node:worker_threads';
import type { Db, DbOpening } from '../../db/database.js';
import type { RecordedChange } from '../../db/outbox.js';
import { startWorker } from '../../lib/worker-thread.js';
import type { ChunkGate } from './chunk-gate.js';
import type { ImportRow } from './presenter.js';

/** What the rows worker is started with (structured-cloned to it). */
export interface RowsWorkerData {
  db: DbOpening;
  row: ImportRow;
  owner: string;
  gate?: MessagePort;
}

/** The rows worker's messages: each committed chunk's changes, then how the phase ended; a note to log. */
export type WorkerMessage =
  | { kind: 'chunk'; changes: RecordedChange[] }
  | { kind: 'note'; message: string }
  | { kind: 'end'; finished: boolean }
  | { kind: 'failed'; message: string };

export interface RowsThread {
  /** True once every row is written; false when it stopped early. Rejects when the phase failed. */
  done: Promise<boolean>;
  /** Asks the thread to stop after the chunk it is writing (that chunk commits). */
  stop(): void;
}

/**
 * Runs an import's rows phase in a worker thread of its own with its own database connection
 * (docs/adr/0036-import-rows-off-the-event-loop.md). `publish` gets each committed chunk's changes,
 * in order, on this thread; `done` settles once the thread has exited and everything is published.
 * A thread that cannot start or dies fails the phase: what it committed stays, chunk by chunk.
 * `note` gets what the thread wants logged (e.g. why it runs at normal priority).
 */
export function runRowsInWorker(
  db: Db,
  row: ImportRow,
  owner: string,
  publish: (changes: RecordedChange[]) => Promise<void>,
  gate?: ChunkGate,
  note?: (message: string) => void,
): RowsThread {
  let stop = () => {};
  const done = new Promise<boolean>((resolve, reject) => {
    // A second connection to `sqlite::memory:` would open another, empty database.
    if (db.opened.url.endsWith(':memory:')) throw new Error('An in-memory SQLite database cannot be imported into');
    const port = gate?.connect();
    const data: RowsWorkerData = { db: db.opened, row, owner, ...(port && { gate: port }) };
    const worker = startWorker(
      import.meta.url,
      { built: './import-worker.js', source: './rows-worker.ts' },
      // A smaller young generation than the default: ≈ 30 MB less RSS for a 50,000-row import
      // (docs/PERFORMANCE.md, "Import"), its thread's heap counts towards the process's memory.
      { workerData: data, transferList: port ? [port] : [], resourceLimits: { maxYoungGenerationSizeMb: 8 } },
    );
    stop = () => worker.postMessage({ kind: 'stop' });
    let published = Promise.resolve();
    let outcome: boolean | undefined;
    let failure: Error | undefined;
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'chunk') published = published.then(() => publish(message.changes));
      else if (message.kind === 'note') note?.(message.message);
      else if (message.kind === 'end') outcome = message.finished;
      else failure = new Error(message.message);
    });
    worker.on('error', (err) => {
      failure ??= err;
    });
    worker.on('exit', (code) => {
      published.then(() => {
        if (failure) reject(failure);
        else if (outcome === undefined) reject(new Error(`The import's worker stopped (exit code ${code})`));
        else resolve(outcome);
      }, reject);
    });
  });
  return { done, stop: () => stop() };
}
