import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../lib/worker-thread.js';
import { icalLimits } from './limits.js';
import type { ParsedFeed } from './parse.js';
import type { ExpandResult, ExpandTask, ParseTask, Task } from './tasks.js';
import { threadCpuMs } from './thread-cpu.js';

/**
 * The task ran past its deadline: the worker was ended. `costly` when the thread itself used the
 * deadline's CPU time (the input is too costly, refuse it); otherwise it only waited for a core
 * too long (or the platform can't tell) and the same input may pass at a quieter moment.
 */
export class DeadlineExceeded extends Error {
  constructor(
    message: string,
    readonly costly: boolean,
    /** The CPU time it used (the deadline where unknown). */
    readonly cpuMs: number,
  ) {
    super(message);
  }
}

/** A task's answer and the CPU time (ms) the thread spent on it (wall time where CPU time is unknown). */
export interface Metered<T> {
  result: T;
  cpuMs: number;
}

/** What an IcalWorker is made of; tests give it another thread or CPU meter. */
export interface IcalWorkerParts {
  start: () => Worker;
  /** CPU ms a thread (by OS thread id) has used, or null where unknown. */
  cpuMs: (threadId: number | null) => number | null;
  /** A task waiting for a core ends anyway after this many deadlines of wall time. */
  wallDeadlines: number;
  /** The thread's nice value (Linux: per thread), so the event loop gets a core first; 0 leaves it. */
  nice: number;
}

/** The worker refused the file as iCalendar (the message is the reason). */
export class WorkerParseError extends Error {
  constructor(
    message: string | undefined,
    /** The CPU time reading it cost. */
    readonly cpuMs: number,
  ) {
    super(message);
  }
}

interface Pending {
  id: number;
  task: Task;
  deadlineMs: number;
  resolve: (value: Metered<unknown>) => void;
  reject: (err: Error) => void;
  /** When it was posted: wall clock and the thread's CPU meter. */
  sentAt: number;
  cpuAtSend: number | null;
}

/** The iCal worker's code; a file that makes ical.js build huge structures ends the thread (a failed task), not the process. */
const startIcalWorker = () =>
  startWorker(
    import.meta.url,
    { built: './ical-worker.js', source: './worker.ts' },
    { resourceLimits: { maxOldGenerationSizeMb: 512 } },
  );

const defaultParts: IcalWorkerParts = { start: startIcalWorker, cpuMs: threadCpuMs, wallDeadlines: 3, nice: 0 };

/**
 * One worker thread running iCal tasks one at a time, each under a deadline of the thread's CPU
 * time: a task that used it ends the thread (the only way to stop ical.js inside a loop) and fails
 * with DeadlineExceeded (costly); one that merely waited for a core is given its time, up to
 * `wallDeadlines` deadlines of wall time (then it fails, not costly). The next task starts a fresh
 * thread. The thread does not keep the process alive.
 */
export class IcalWorker {
  private worker: Worker | null = null;
  private queue: Pending[] = [];
  private current: Pending | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ready = false;
  private threadId: number | null = null;
  private nextId = 1;
  private readonly parts: IcalWorkerParts;

  constructor(parts: Partial<IcalWorkerParts> = {}) {
    this.parts = { ...defaultParts, ...parts };
  }

  run<T>(task: Task, deadlineMs: number): Promise<Metered<T>> {
    return new Promise<Metered<T>>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        task,
        deadlineMs,
        resolve: resolve as (v: Metered<unknown>) => void,
        reject,
        sentAt: 0,
        cpuAtSend: null,
      });
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
    const worker = this.parts.start();
    this.ready = false;
    this.threadId = null;
    worker.unref();
    worker.on(
      'message',
      (m: {
        id: number;
        ok: boolean;
        result?: unknown;
        parseError?: boolean;
        message?: string;
        ready?: boolean;
        threadId?: number | null;
      }) => {
        if (this.worker !== worker) return;
        if (m.ready) {
          this.ready = true;
          this.threadId = m.threadId ?? null;
          if (this.parts.nice !== 0 && this.threadId !== null) lowerPriority(this.threadId, this.parts.nice);
          if (this.current) this.send(worker, this.current);
          return;
        }
        const pending = this.current;
        if (!pending || pending.id !== m.id) return;
        const cpuMs = this.cpuSince(pending) ?? Date.now() - pending.sentAt;
        this.finish();
        if (m.ok) pending.resolve({ result: m.result, cpuMs });
        else pending.reject(m.parseError ? new WorkerParseError(m.message, cpuMs) : new Error(m.message));
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

  /** CPU ms the thread has spent since `pending` was posted, or null where unknown. */
  private cpuSince(pending: Pending): number | null {
    const now = this.parts.cpuMs(this.threadId);
    return now === null || pending.cpuAtSend === null ? null : now - pending.cpuAtSend;
  }

  /** Posts the task and arms its deadline (once the thread has loaded its code). */
  private send(worker: Worker, next: Pending) {
    next.sentAt = Date.now();
    next.cpuAtSend = this.parts.cpuMs(this.threadId);
    this.arm(worker, next, next.deadlineMs);
    worker.postMessage({ id: next.id, task: next.task });
  }

  /**
   * Checks the task after `afterMs`: over its deadline in CPU time, or past the wall-time bound,
   * it ends; otherwise it has only waited for a core, and the check comes again when the rest of
   * its CPU time could be spent.
   */
  private arm(worker: Worker, next: Pending, afterMs: number) {
    this.timer = setTimeout(() => {
      if (this.current !== next) return;
      const cpu = this.cpuSince(next);
      const costly = cpu !== null && cpu >= next.deadlineMs;
      const waited = Date.now() - next.sentAt;
      if (cpu !== null && !costly && waited < next.deadlineMs * this.parts.wallDeadlines) {
        this.arm(worker, next, Math.max(next.deadlineMs - cpu, 20));
        return;
      }
      // Forget the thread before ending it, so its exit does not fail the next task.
      this.worker = null;
      this.finish();
      void worker.terminate();
      const message = `over ${next.deadlineMs} ms (${cpu ?? 'unknown'} ms of CPU)`;
      next.reject(new DeadlineExceeded(message, costly, cpu ?? next.deadlineMs));
      this.pump();
    }, afterMs);
    this.timer.unref();
  }
}

/** Sets a thread's nice value; where the platform refuses, the thread keeps its priority. */
function lowerPriority(threadId: number, nice: number) {
  try {
    os.setPriority(threadId, nice);
  } catch {
    // Not Linux (a thread id is not a process id there) or not permitted: nothing else depends on it.
  }
}

/** Deadlines (tests shorten them). */
export const icalDeadlines = {
  parseMs: icalLimits.parseDeadlineMs as number,
  expandMs: icalLimits.expandDeadlineMs as number,
};

/** Parsing (refreshes) and expansion (reads) have a thread each, so a slow import never delays a read. */
/**
 * One refresh parses at a time per process (one thread), below the event loop's priority: a costly
 * refresh takes a core only when requests leave it free (its deadline counts CPU time, so waiting
 * costs it nothing). Reads' expansions keep normal priority: a user waits for them.
 */
const parseNice = 10;
let parseWorker = new IcalWorker({ nice: parseNice });
let expandWorker = new IcalWorker();

/** Starts both iCal threads with other code from now on (tests: a thread kept from its core). */
export function useIcalThreads(parts: Partial<IcalWorkerParts>): void {
  void parseWorker.close();
  void expandWorker.close();
  parseWorker = new IcalWorker({ nice: parseNice, ...parts });
  expandWorker = new IcalWorker(parts);
}

/** Parses a fetched file; with the CPU time it cost (what a workspace's refresh budget is charged). */
export function parseInWorker(task: Omit<ParseTask, 'kind'>): Promise<Metered<ParsedFeed>> {
  return parseWorker.run<ParsedFeed>({ kind: 'parse', ...task }, icalDeadlines.parseMs);
}

export async function expandInWorker(task: Omit<ExpandTask, 'kind'>): Promise<ExpandResult> {
  return (await expandWorker.run<ExpandResult>({ kind: 'expand', ...task }, icalDeadlines.expandMs)).result;
}
