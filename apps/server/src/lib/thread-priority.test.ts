import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

// The import's worker lowers its own thread's priority (docs/adr/0036-import-rows-off-the-event-loop.md):
// only that thread's nice value may change, never the process's other threads.
const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);

describe.runIf(process.platform === 'linux')('lowerThreadPriority', () => {
  it("lowers the calling thread's nice value and leaves the process's main thread alone", async () => {
    const source = fileURLToPath(new URL('./thread-priority.ts', import.meta.url));
    // A plain worker loading the TypeScript through tsx's require hook, as vitest can't start one itself.
    const code = `
      require('tsx/cjs');
      const fs = require('node:fs');
      const { lowerThreadPriority } = require(${JSON.stringify(source)});
      const reason = lowerThreadPriority(10);
      require('node:worker_threads').parentPort.postMessage({ reason, stat: fs.readFileSync('/proc/thread-self/stat', 'utf8') });
    `;
    const before = niceOf(fs.readFileSync('/proc/self/stat', 'utf8'));
    const worker = new Worker(code, { eval: true });
    const answer = await new Promise<{ reason: string | null; stat: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(answer.reason).toBeNull();
    expect(niceOf(answer.stat)).toBe(10);
    expect(niceOf(fs.readFileSync('/proc/self/stat', 'utf8'))).toBe(before);
  });
});
