/**
 * Child processes of the capacity benchmark: each pinned to one core with `taskset`, with its open-file
 * limit raised (`ulimit -n`, in the shell that execs node), and an IPC channel to the benchmark.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { spawnOwned } from '../../scripts/children.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PROBE = fileURLToPath(new URL('./probe.ts', import.meta.url));
export const FILE_LIMIT = 65535;

export interface Child {
  process: ChildProcess;
  /** Sends a message and resolves with the child's next message. */
  ask<T>(message: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** node `args` on `core`, with tsx and the memory probe preloaded. */
export function spawnPinned(core: number, args: string[], env: Record<string, string> = {}): Child {
  const script = `ulimit -n ${FILE_LIMIT} 2>/dev/null || ulimit -n $(ulimit -Hn); exec taskset -c ${core} "$@"`;
  // Owned (scripts/children.mjs): killed with the benchmark however it ends.
  const child = spawnOwned(
    'sh',
    ['-c', script, 'sh', process.execPath, '--expose-gc', '--import', 'tsx', '--import', PROBE, ...args],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  let queue: Promise<unknown> = Promise.resolve();
  return {
    process: child,
    ask<T>(message: unknown): Promise<T> {
      const answer = queue.then(async () => {
        const reply = once(child, 'message');
        child.send(message as object);
        const [value] = (await reply) as [T & { error?: string }];
        if (value && typeof value === 'object' && 'error' in value && value.error) throw new Error(value.error);
        return value;
      });
      queue = answer.catch(() => undefined);
      return answer;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves with the port from the child's stdout line `{"listening": port}`; later output is discarded. */
export function listeningPort(child: Child): Promise<number> {
  const stdout = child.process.stdout as NodeJS.ReadableStream;
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += String(chunk);
      const line = text.split('\n').find((l) => l.includes('"listening"'));
      if (!line) return;
      stdout.off('data', onData);
      stdout.resume();
      resolve((JSON.parse(line) as { listening: number }).listening);
    };
    stdout.on('data', onData);
    child.process.once('exit', () => reject(new Error('server exited before listening')));
  });
}

/** CPU seconds (user + system) the process has used so far, from /proc. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Seconds the process's threads have waited on a run queue for a CPU so far (/proc/…/schedstat, all threads). */
export function runQueueWaitSeconds(pid: number): number {
  let waited = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      waited += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return waited;
}

export const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
