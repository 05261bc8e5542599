import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { type PeriodicTask, runIfDue } from '../db/periodic.js';

export interface RepeatOptions {
  /** Runs once as soon as the app is ready too, not only after the first `everyMs`. */
  atReady?: boolean;
  /** What the warning about a failed run says beside the error (such as the task's name). */
  logged?: Record<string, unknown>;
}

/**
 * Runs `task` every `everyMs` in this process, from ready to close: one run at a time, and none started
 * once the process drains (SIGTERM, docs/adr/0018: work cut at the deadline would hold its lease until
 * it runs out). Closing waits for the run under way; `stopping()` tells a long run to end early. A
 * failed run is logged as a warning with `failure`.
 */
export function repeatWhileServing(
  app: FastifyInstance,
  everyMs: number,
  failure: string,
  task: (stopping: () => boolean) => Promise<unknown>,
  options: RepeatOptions = {},
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let closing = false;
  const stopping = () => closing || app.draining;
  const tick = () => {
    if (running || app.draining) return;
    running = task(stopping)
      .catch((err: unknown) => app.log.warn({ err, ...options.logged }, failure))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    if (options.atReady) tick();
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}

/**
 * Looks every `checkMs` (default: the period, at most a minute) whether the task is due, from the
 * app's start until it drains (SIGTERM), in every process; the lease row makes one of them run it.
 * Closing waits for a run in progress (the shutdown deadline bounds it, docs/adr/0018-faults-and-shutdown.md;
 * a run cut off there is taken up by another process when its lease expires).
 */
export function startPeriodic(app: FastifyInstance, db: Db, task: PeriodicTask & { checkMs?: number }): void {
  const checkMs = task.checkMs ?? Math.min(task.everyMs, 60_000);
  repeatWhileServing(app, checkMs, 'periodic: task failed', () => runIfDue(db.kysely, task), {
    atReady: true,
    logged: { task: task.name },
  });
}
