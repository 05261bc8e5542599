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

/**
 * Runs `callback` in a task of its own, as soon as the current one ends (a message to this page —
 * no timer's clamped delay), ahead of work React schedules from the current task. Returns a cancel.
 */
export function inNextTask(callback: () => void): () => void {
  let cancelled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) callback();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}
