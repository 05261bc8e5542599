import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../lib/worker-thread.js';
import { icalLimits } from './limits.js';
import type { ParsedFeed } from './parse.js';
import type { ExpandResult, ExpandTask, ParseTask, Task } from './tasks.js';

/** The task ran past its deadline: the worker was ended and the task's input is refused. */
export class DeadlineExceeded extends Error {}

/** The worker refused the file as iCalendar (the message is the reason). */
export class WorkerParseError extends Error {}

interface Pending {
  id: number;
  task: Task;
  deadlineMs: number;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/** The iCal worker's code; a file that makes ical.js build huge structures ends the thread (a failed task), not the process. */
const startIcalWorker = () =>
  startWorker(
    import.meta.url,
    { built: './ical-worker.js', source: './worker.ts' },
    { resourceLimits: { maxOldGenerationSizeMb: 512 } },
  );

/**
 * One worker thread running iCal tasks one at a time, each under a deadline: a task that overruns
 * ends the thread (the only way to stop ical.js inside a loop) and fails with DeadlineExceeded;
 * the next task starts a fresh thread. The thread does not keep the process alive.
 */
export class IcalWorker {
  private worker: Worker | null = null;
  private queue: Pending[] = [];
  private current: Pending | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ready = false;
  private nextId = 1;

  run<T>(task: Task, deadlineMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, deadlineMs, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /** Ends the thread (pending tasks fail). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    for (const p of [...(this.current ? [this.current] : []), ...this.queue]) p.reject(new Error('closed'));
    this.queue = [];
    this.finish();
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = startIcalWorker();
    this.ready = false;
    worker.unref();
    worker.on(
      'message',
      (m: { id: number; ok: boolean; result?: unknown; parseError?: boolean; message?: string; ready?: boolean }) => {
        if (this.worker !== worker) return;
        if (m.ready) {
          this.ready = true;
          if (this.current) this.send(worker, this.current);
          return;
        }
        const pending = this.current;
        if (!pending || pending.id !== m.id) return;
        this.finish();
        if (m.ok) pending.resolve(m.result);
        else pending.reject(m.parseError ? new WorkerParseError(m.message) : new Error(m.message));
        this.pump();
      },
    );
    worker.on('error', (err) => this.crashed(worker, err));
    worker.on('exit', () => this.crashed(worker, new Error('the iCal worker stopped')));
    return worker;
  }

  private crashed(worker: Worker, err: Error) {
    if (this.worker !== worker) return;
    this.worker = null;
    const pending = this.current;
    this.finish();
    pending?.reject(err);
    this.pump();
  }

  private finish() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.current = null;
  }

  private pump() {
    if (this.current) return;
    const next = this.queue.shift();
    if (!next) return;
    this.current = next;
    if (this.worker) {
      if (this.ready) this.send(this.worker, next);
    } else this.worker = this.start();
  }

  /** Posts the task and arms its deadline (once the thread has loaded its code). */
  private send(worker: Worker, next: Pending) {
    this.timer = setTimeout(() => {
      if (this.current !== next) return;
      // Forget the thread before ending it, so its exit does not fail the next task.
      this.worker = null;
      this.finish();
      void worker.terminate();
      next.reject(new DeadlineExceeded(`over ${next.deadlineMs} ms`));
      this.pump();
    }, next.deadlineMs);
    this.timer.unref();
    worker.postMessage({ id: next.id, task: next.task });
  }
}

/** Deadlines (tests shorten them). */
export const icalDeadlines = {
  parseMs: icalLimits.parseDeadlineMs as number,
  expandMs: icalLimits.expandDeadlineMs as number,
};

/** Parsing (refreshes) and expansion (reads) have a thread each, so a slow import never delays a read. */
const parseWorker = new IcalWorker();
const expandWorker = new IcalWorker();

export function parseInWorker(task: Omit<ParseTask, 'kind'>): Promise<ParsedFeed> {
  return parseWorker.run<ParsedFeed>({ kind: 'parse', ...task }, icalDeadlines.parseMs);
}

export function expandInWorker(task: Omit<ExpandTask, 'kind'>): Promise<ExpandResult> {
  return expandWorker.run<ExpandResult>({ kind: 'expand', ...task }, icalDeadlines.expandMs);
}
