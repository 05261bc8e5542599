import type { JobStatus } from '@fieldplan/shared';
import type { Stop } from './day';

/** Visits with nothing left to do on them: they fold into "Done (n)". */
export const isClosed = (status: JobStatus): boolean => status === 'completed' || status === 'cancelled';

/** The visit being worked on first, then the one being driven to, then the rest. */
const rank: Partial<Record<JobStatus, number>> = { in_progress: 0, en_route: 1 };

export interface DayOrder {
  /** What is left to do: the next visit first (docs/PRODUCT.md, "My day"). */
  open: Stop[];
  /** Completed and cancelled visits, in time order. */
  closed: Stop[];
}

/**
 * Orders the day's stops (given in time order) for the phone: in progress and en route first, then
 * the upcoming ones by time; completed and cancelled ones apart. `statusOf` is the status shown (a
 * change waiting to be sent counts), so a tap reorders at once, offline too.
 */
export function dayOrder(stops: readonly Stop[], statusOf: (stop: Stop) => JobStatus): DayOrder {
  const open: { stop: Stop; rank: number; index: number }[] = [];
  const closed: Stop[] = [];
  stops.forEach((stop, index) => {
    const status = statusOf(stop);
    if (isClosed(status)) closed.push(stop);
    else open.push({ stop, rank: rank[status] ?? 2, index });
  });
  open.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return { open: open.map((o) => o.stop), closed };
}
