import type { LiveEntity } from '../../realtime/live-entity.js';
import type { RequestRow } from './presenter.js';
import { countPending, findRequest } from './queries.js';

/**
 * A request's changes carry no customer details (every member reads the workspace channel, and
 * technicians and viewers may not see requests): the id, status, job and the workspace's pending
 * count for the badge. The office re-reads its list on one (docs/adr/0030).
 */
export const bookingRequestLive: LiveEntity<'booking_request', RequestRow> = {
  load: ({ db, workspaceId }, id) => findRequest(db, workspaceId, id),
  present: async (row, { db, workspaceId }) => ({
    id: row.id,
    status: row.status as 'pending' | 'confirmed' | 'declined' | 'expired',
    jobId: row.job_id,
    version: Number(row.version),
    pendingCount: await countPending(db, workspaceId),
  }),
};
