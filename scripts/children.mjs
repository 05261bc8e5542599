// Long-running child processes (servers, redis-server, nginx) that their starter owns from the moment
// they are spawned: the handle comes back at once, so a caller's cleanup can stop a child that is still
// starting; a child that never becomes ready is killed before the failure is reported; and whatever is
// still running when this process exits is killed with it. Used by the scripts and the test helpers
// (docs/adr/0040-owned-child-processes.md).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';

const owned = new Set();
/** Children that lead a process group of their own (`detached`): signals go to the whole group. */
const groups = new WeakSet();
let exitHookAdded = false;

const running = (child) => child.exitCode === null && child.signalCode === null;

/** Sends `signal` to the child, or to its whole process group when it leads one. */
export function signalChild(child, signal) {
  if (!running(child)) return;
  try {
    if (groups.has(child)) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // gone meanwhile
  }
}

function killOwned() {
  for (const child of owned) signalChild(child, 'SIGKILL');
}

/**
 * Registers a child that was spawned elsewhere: it is killed when this process exits. A child spawned
 * `detached` leads a process group; signals then go to the whole group (npm → sh → the tool: a signal to
 * npm's pid alone ends sh, which does not pass it on).
 */
export function own(child, { group = false } = {}) {
  if (group) groups.add(child);
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
  return own(spawn(command, args, options), { group: options?.detached === true });
}

/** Stops a child: `signal` (SIGTERM by default), then SIGKILL after `graceMs`; resolves once it is gone. */
export async function stopChild(child, signal = 'SIGTERM', graceMs = 5000) {
  if (!running(child)) return;
  const exited = once(child, 'exit');
  signalChild(child, signal);
  const timer = setTimeout(() => signalChild(child, 'SIGKILL'), graceMs);
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
        signalChild(child, 'SIGKILL');
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

/**
 * Calls `stop(signal)` when this process is asked to stop: SIGINT, SIGTERM or SIGHUP, or — run by npm —
 * its parent dying (npm runs a script under `sh -c`; a SIGTERM to npm is passed to sh, which dies of it
 * without passing it on, and this process is handed to another parent). Run directly, a process may
 * outlive its parent on purpose (`nohup … &`). Each signal replaces its default action.
 */
export function onStopRequest(stop) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop('SIGTERM');
  }, 250);
  watch.unref();
}

/** The exit code a shell gives for a child that exited with `code` or died of `signal` (128 + its number). */
export const exitCodeOf = (code, signal) => code ?? 128 + (os.constants.signals[signal] ?? 0);
