import { type Job, type JobPage, waitsForDispatch } from '@fieldplan/shared';
import type { JobListArgs } from './endpoints';
import type { JobChangeMessage } from './job-change';

/** The queue's order: most urgent first, then oldest (the server's order for `unscheduled=true` and `queue=true`). */
function queueOrder(a: Job, b: Job): number {
  return a.priority - b.priority || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/** Other lists: jobs without a time first, then latest start first (the server's order). */
function listOrder(a: Job, b: Job): number {
  if ((a.start === null) !== (b.start === null)) return a.start === null ? -1 : 1;
  return (
    (b.start ?? '').localeCompare(a.start ?? '') || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id)
  );
}

/** Whether a job belongs on a list with these filters. */
function belongs(job: Job, args: JobListArgs): boolean {
  if (args.unscheduled && (job.start !== null || job.status !== 'unscheduled')) return false;
  if (args.queue && !waitsForDispatch(job)) return false;
  if (args.customerId && job.customerId !== args.customerId) return false;
  if (args.q && !job.title.toLowerCase().includes(args.q.toLowerCase())) return false;
  return true;
}

/**
 * A cached page of jobs after a change: the job is replaced, removed, or (on the first page of
 * the queue or a customer's list) inserted where it belongs — so the queue empties as jobs are
 * dragged onto the calendar, without a refetch.
 */
export function applyJobChangeToPage(page: JobPage, change: JobChangeMessage, args: JobListArgs): JobPage {
  const id = change.data.id;
  const index = page.items.findIndex((j) => j.id === id);
  const items = index >= 0 ? page.items.filter((j) => j.id !== id) : [...page.items];
  let total = index >= 0 ? page.total - 1 : page.total;
  if (change.action !== 'deleted' && belongs(change.data, args)) {
    const job = change.data;
    if (index >= 0 && !args.unscheduled && !args.queue) items.splice(index, 0, job);
    else if (index >= 0 || !args.offset) {
      items.push(job);
      items.sort(args.unscheduled || args.queue ? queueOrder : listOrder);
    }
    total += 1;
  }
  return { ...page, items, total: Math.max(total, items.length) };
}
