import type { FastifyInstance } from 'fastify';

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
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let closing = false;
  const stopping = () => closing || app.draining;
  const tick = () => {
    if (running || app.draining) return;
    running = task(stopping)
      .catch((err: unknown) => app.log.warn({ err }, failure))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
