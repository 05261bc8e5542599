/** Background work's lease rows (db/periodic.ts, docs/adr/0031-shared-state-and-background-work.md); see schema.ts. */

/** One named periodic task: when it is next due, and who runs it now (until lease_expires_at, ms). */
export interface PeriodicRunsTable {
  name: string;
  next_run_at: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  last_started_at: number | null;
  last_finished_at: number | null;
}
