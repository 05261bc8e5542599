import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { openDb } from '../../db/database.js';
import { lowerThreadPriority } from '../../lib/thread-priority.js';
import { holdingOn } from './chunk-gate.js';
import { chunkRowsFor, writeRows } from './rows-phase.js';
import type { RowsWorkerData, WorkerMessage } from './rows-thread.js';

// The import's worker thread (docs/adr/0036-import-rows-off-the-event-loop.md): one rows phase on a
// database connection of its own, so parsing, mapping and SQLite's synchronous writes never hold the
// main thread's event loop. It reports each committed chunk's changes (the main thread publishes
// them) and how the phase ended, then exits.
const data = workerData as RowsWorkerData;
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

let stopping = false;
let stop = () => {};
const stopped = new Promise<void>((resolve) => {
  stop = resolve;
});
parentPort?.on('message', (message: { kind: 'stop' }) => {
  if (message.kind !== 'stop') return;
  stopping = true;
  stop();
});

// One transaction at a time; the second connection is for the occasional query outside it.
const db = openDb(data.db.url, data.db.timeouts, 2);
// On PostgreSQL the main thread, answering other users' requests, wins a core over this thread when
// both want one. Not on SQLite: there this thread does the writing itself and holds the database's one
// write lock meanwhile; lowered, it took twice as long on a busy machine (docs/PERFORMANCE.md, "Import").
if (db.dialect === 'postgres') {
  const notLowered = lowerThreadPriority();
  if (notLowered) post({ kind: 'note', message: `The import's worker runs at normal priority: ${notLowered}` });
}
const gate = data.gate as MessagePort | undefined;
try {
  const finished = await writeRows({
    db: db.kysely,
    dialect: db.dialect,
    row: data.row,
    owner: data.owner,
    chunkRows: chunkRowsFor(db.dialect),
    stopping: () => stopping,
    committed: (changes) => post({ kind: 'chunk', changes }),
    ...(gate && { beforeCommit: holdingOn(gate, stopped) }),
  });
  post({ kind: 'end', finished });
} catch (err) {
  post({ kind: 'failed', message: err instanceof Error ? err.message : 'The import stopped' });
} finally {
  gate?.close();
  await db.close();
  // Nothing more to receive: the thread ends once its last message is sent.
  parentPort?.unref();
}
