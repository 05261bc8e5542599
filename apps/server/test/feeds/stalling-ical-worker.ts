import { parentPort, workerData } from 'node:worker_threads';

// The iCal worker as a thread kept from its core: before each expansion it waits `stallMs` of wall
// time without using CPU (as a thread does while other work holds the cores), then the real code runs.
const stallMs = Number((workerData as { stallMs?: number } | null)?.stallMs ?? 0);
const gate = new Int32Array(new SharedArrayBuffer(4));
parentPort?.on('message', (message: { task?: { kind: string } }) => {
  if (message.task?.kind === 'expand') Atomics.wait(gate, 0, 0, stallMs);
});
await import('../../src/modules/feeds/ical/worker.js');
