// Types of children.mjs for the TypeScript test helpers and benchmarks.
import type { ChildProcess, SpawnOptions } from 'node:child_process';

export function own<T extends ChildProcess>(child: T, options?: { group?: boolean }): T;
export function spawnOwned(command: string, args: readonly string[], options: SpawnOptions): ChildProcess;
export function signalChild(child: ChildProcess, signal: NodeJS.Signals): void;
export function stopChild(child: ChildProcess, signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
export interface ReadyOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Names the child in the error. */
  what?: string;
}
export function untilReady(child: ChildProcess, ready: RegExp, options?: ReadyOptions): Promise<string>;
export function untilReady<T>(
  child: ChildProcess,
  ready: () => Promise<T | undefined | false>,
  options?: ReadyOptions,
): Promise<T>;
export function onStopRequest(stop: (signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP') => void): void;
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number;
