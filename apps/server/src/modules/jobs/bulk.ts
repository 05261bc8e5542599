import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { autoStatus, type JobDraft, spanOf } from './draft.js';

/**
 * Inserts imported one-off jobs in the caller's transaction (docs/adr/0034-import.md): the same
 * columns, span and technicians `saveJob` writes, at version 1, but no change per job (the import
 * records one per chunk) and no save observers — an import is not a booking, so it sends customers
 * no notification.
 */
export async function insertImportedJobs(
  trx: Transaction<Database>,
  workspaceId: string,
  createdBy: string | null,
  zone: string,
  jobs: readonly (Omit<JobDraft, 'rrule' | 'allDay' | 'flexibleWindow'> & { id: string })[],
): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < jobs.length; i += 200) {
    const part = jobs.slice(i, i + 200);
    await trx
      .insertInto('jobs')
      .values(
        part.map((j) => ({
          id: j.id,
          workspace_id: workspaceId,
          customer_id: j.customerId,
          title: j.title,
          description: j.description,
          address: j.address,
          lat: j.lat,
          lng: j.lng,
          start_at: j.start,
          end_at: j.end,
          all_day: 0,
          status: autoStatus(j.status, j),
          priority: j.priority,
          rrule: null,
          ...spanOf({ start: j.start, end: j.end, allDay: false, rrule: null }, [], zone),
          flex_start_at: null,
          flex_end_at: null,
          booking_request_id: null,
          booking_status: null,
          version: 1,
          created_by: createdBy,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })),
      )
      .execute();
    const assignees = part.flatMap((j) =>
      j.assigneeIds.map((member_id, position) => ({ job_id: j.id, member_id, workspace_id: workspaceId, position })),
    );
    if (assignees.length > 0) await trx.insertInto('job_assignees').values(assignees).execute();
  }
}
