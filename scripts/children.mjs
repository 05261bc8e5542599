// Long-running child processes (servers, redis-server, nginx) that their starter owns from the moment
// they are spawned: the handle comes back at once, so a caller's cleanup can stop a child that is still
// starting; a child that never becomes ready is killed before the failure is reported; and whatever is
// still running when this process exits is killed with it. Used by the scripts and the test helpers.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const owned = new Set();
let exitHookAdded = false;

const running = (child) => child.exitCode === null && child.signalCode === null;

function killOwned() {
  for (const child of owned) if (running(child)) child.kill('SIGKILL');
}

/** Registers a child that was spawned elsewhere: it is killed when this process exits. */
export function own(child) {
  owned.add(child);
  child.once('exit', () => owned.delete(child));
  if (!exitHookAdded) {
    exitHookAdded = true;
    process.on('exit', killOwned);
  }
  return child;
}

/** `child_process.spawn`, with the child owned (see `own`) before anything can go wrong. */
export function spawnOwned(command, args, options) {
  return own(spawn(command, args, options));
}

/** Stops a child: `signal` (SIGTERM by default), then SIGKILL after `graceMs`; resolves once it is gone. */
export async function stopChild(child, signal = 'SIGTERM', graceMs = 5000) {
  if (!running(child)) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Resolves once the child is ready, else kills it and rejects (it exited, or `timeoutMs` passed).
 * `ready` is a RegExp matched against each line of its stdout and stderr (resolves with that line; the
 * streams must be pipes), or an async probe called every `intervalMs` until it returns a value other than
 * undefined/false (resolves with that value).
 */
export function untilReady(child, ready, { timeoutMs = 30_000, intervalMs = 100, what = 'the child process' } = {}) {
  let output = '';
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      for (const stream of [child.stdout, child.stderr]) stream?.off('data', onData);
      if (error) {
        if (running(child)) child.kill('SIGKILL');
        reject(new Error(`${error}${output ? `:\n${output}` : ''}`));
      } else resolve(value);
    };
    const onExit = (code, signal) => finish(`${what} exited (${code ?? signal}) before it was ready`);
    const timer = setTimeout(() => finish(`${what} was not ready within ${timeoutMs} ms; killed`), timeoutMs);
    child.once('exit', onExit);
    const onData = (chunk) => {
      output = (output + chunk).slice(-20_000);
      if (!(ready instanceof RegExp)) return;
      // Whole lines only: a line split across chunks is matched once it ends.
      const line = output
        .split('\n')
        .slice(0, -1)
        .find((l) => ready.test(l));
      if (line !== undefined) finish(null, line);
    };
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', onData);
    if (ready instanceof RegExp) return;
    const poll = async () => {
      while (!settled) {
        const value = await ready().catch(() => undefined);
        if (value !== undefined && value !== false) return finish(null, value);
        await new Promise((r) => setTimeout(r, intervalMs));
      }
    };
    void poll();
  });
}
