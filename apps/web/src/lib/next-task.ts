/**
 * Resolves in a later task, when the browser is idle if it can tell (`requestIdleCallback`, at most
 * `timeout` ms later), so work split across `await nextTask()` leaves the main thread free for
 * input and rendering between its parts: each part is its own task, not one long task.
 */
export function nextTask(timeout = 500): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 0);
  });
}
