import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers the calling thread's CPU priority to `nice` (10: yields to a default thread whenever both
 * want a core) — for a worker thread doing background work, so the main thread answering requests
 * wins the core. Linux only, where nice is per thread: `/proc/thread-self` names this thread's id.
 * Elsewhere `os.setPriority` would lower the whole process, so nothing is done. Returns why nothing
 * was done, or null once lowered.
 */
export function lowerThreadPriority(nice = 10): string | null {
  if (process.platform !== 'linux') return `thread priorities are per process on ${process.platform}`;
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return 'no thread id in /proc/thread-self';
    os.setPriority(tid, nice);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
