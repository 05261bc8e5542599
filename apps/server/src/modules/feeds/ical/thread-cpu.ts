import fs from 'node:fs';

/**
 * CPU time of one thread, so a worker's deadline counts the work it did rather than the time it
 * waited for a core (docs/adr/0039-feed-refresh-cpu-budget.md). Node 20 has no
 * `process.threadCpuUsage`; Linux says it in /proc. Elsewhere null: the caller cannot prove an
 * overrun was the task's own cost.
 */

/** The calling thread's id in the OS (a worker sends it to its owner), or null where unknown. */
export function ownThreadId(): number | null {
  try {
    const match = /\/task\/(\d+)$/.exec(fs.readlinkSync('/proc/thread-self'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** /proc counts in clock ticks, 10 ms on every Linux Node supports (USER_HZ = 100). */
const tickMs = 10;

/** CPU ms (user + system) a thread of this process has used so far, or null. */
export function threadCpuMs(threadId: number | null): number | null {
  if (threadId === null) return null;
  try {
    const stat = fs.readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is 3rd, utime 14th, stime 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const used = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(used) ? used * tickMs : null;
  } catch {
    return null;
  }
}
