import type { JobStatus } from '../schemas/jobs.js';

/**
 * The one rule for a job that is not fully scheduled (docs/PRODUCT.md, "Jobs"): a one-off job with
 * no time, or with a time but no technician, waits in the board's queue. A timed one keeps its time
 * — the board shows it on the "Unassigned" row too — until someone drags it onto a technician (or
 * gives it one). Series are never queued: their occurrences get technicians one by one.
 */
export const waitsForDispatch = (job: { status: JobStatus; rrule: string | null }): boolean =>
  job.status === 'unscheduled' && job.rrule === null;
