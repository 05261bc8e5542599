/**
 * Preloaded into every server child (`--import`): answers the benchmark's `memory` message over IPC with
 * `process.memoryUsage()` taken after full garbage collections (the child runs with `--expose-gc`).
 */
const gc = (globalThis as { gc?: () => void }).gc;

process.on('message', (message: unknown) => {
  if (message !== 'memory') return;
  for (let i = 0; i < 3; i += 1) gc?.();
  process.send?.({ memory: process.memoryUsage(), gc: gc !== undefined });
});
// The IPC channel must not keep a server alive after its own shutdown.
process.channel?.unref();
