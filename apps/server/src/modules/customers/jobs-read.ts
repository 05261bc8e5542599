import type { JobListQuery, JobPage } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../http/workspace-access.js';

// Jobs build on customers (a job names its customer), so what customers need of the jobs is handed
// in by app.ts: jobs' own reads, and this module imports no jobs.

/** Which of `customerIds` have a job assigned to the member. */
export type AssignedCustomersRead = (
  db: Kysely<Database>,
  workspaceId: string,
  memberId: string,
  customerIds: string[],
) => Promise<Set<string>>;

/** One page of jobs as `GET …/jobs` answers it (the customer's jobs: `customerId` set). */
export type JobPageRead = (db: Kysely<Database>, actor: Actor, query: JobListQuery) => Promise<JobPage>;

let assignedRead: AssignedCustomersRead | null = null;

/** Called once by app.ts: a technician sees contact details only of customers with a job assigned to them. */
export function readAssignedCustomersWith(read: AssignedCustomersRead): void {
  assignedRead = read;
}

export function customersAssignedTo(
  db: Kysely<Database>,
  workspaceId: string,
  memberId: string,
  customerIds: string[],
): Promise<Set<string>> {
  if (!assignedRead) throw new Error('customers: app.ts has not handed in the jobs read (readAssignedCustomersWith)');
  return assignedRead(db, workspaceId, memberId, customerIds);
}
