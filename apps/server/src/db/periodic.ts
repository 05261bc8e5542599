import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Background work that runs once per period across every process on one database
 * (docs/adr/0031-shared-state-and-background-work.md). Each task has a row in `periodic_runs`; a
 * process runs the task only after taking the row's lease with one conditional UPDATE — atomic on
 * SQLite and PostgreSQL alike — that succeeds only when the task is due and nobody holds a live
 * lease. Finishing moves the next run a period on; a process that dies mid-run leaves the row due
 * with a lease that expires after `leaseMs`, and the next process to look takes it.
 */

/** This process's name on the leases it takes. */
export const processOwner = `${process.pid}-${randomUUID()}`;

export interface PeriodicTask {
  /** The row's name: one schedule per name across all processes. */
  name: string;
  /** The period between the end of one run and the next. */
  everyMs: number;
  /** Longer than a run can take; after it, a crashed run's task is taken by another process. */
  leaseMs: number;
  /** After a failed run, how long until it is tried again (default: the period, at most a minute). */
  retryMs?: number;
  run: () => Promise<unknown>;
}

/**
 * Takes the task's lease when it is due and free; true when this owner now runs it. The row is made
 * on first use (due at once), so a task needs no migration of its own.
 */
export async function claimRun(
  db: Kysely<Database>,
  name: string,
  owner: string,
  leaseMs: number,
  now = Date.now(),
): Promise<boolean> {
  await db
    .insertInto('periodic_runs')
    .values({ name, next_run_at: now, lease_owner: null, lease_expires_at: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('periodic_runs')
    .set({ lease_owner: owner, lease_expires_at: now + leaseMs, last_started_at: now })
    .where('name', '=', name)
    .where('next_run_at', '<=', now)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the lease back and sets the next run (only while this owner still holds it). */
export async function finishRun(
  db: Kysely<Database>,
  name: string,
  owner: string,
  nextRunAt: number,
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable('periodic_runs')
    .set({ lease_owner: null, lease_expires_at: null, next_run_at: nextRunAt, last_finished_at: now })
    .where('name', '=', name)
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * Runs the task once if it is due and no other process runs it; 'ran', 'failed' (the error is
 * thrown after the lease is given back) or 'skipped'. Tests call it with their own owner and clock.
 */
export async function runIfDue(
  db: Kysely<Database>,
  task: PeriodicTask,
  owner = processOwner,
  now: () => number = Date.now,
): Promise<'ran' | 'skipped'> {
  if (!(await claimRun(db, task.name, owner, task.leaseMs, now()))) return 'skipped';
  try {
    await task.run();
  } catch (error) {
    await finishRun(db, task.name, owner, now() + (task.retryMs ?? Math.min(task.everyMs, 60_000)), now());
    throw error;
  }
  await finishRun(db, task.name, owner, now() + task.everyMs, now());
  return 'ran';
}
