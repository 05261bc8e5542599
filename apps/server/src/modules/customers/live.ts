import type { LiveEntity } from '../../realtime/live-entity.js';
import { customersAssignedTo } from './jobs-read.js';
import { type CustomerRow, presentCustomer } from './presenter.js';
import { findCustomer } from './queries.js';

/**
 * A customer's changes: the channel leaves out contact details (technicians read it too); a `/changes`
 * caller sees them as `GET …/customers` would show them (a technician only for their own jobs' customers).
 */
export const customerLive: LiveEntity<'customer', CustomerRow> = {
  load: ({ db, workspaceId }, id) => findCustomer(db, workspaceId, id),
  present: async (row, { db, workspaceId, audience }) => {
    if (audience.kind === 'channel') return presentCustomer(row, false);
    const { actor } = audience;
    if (actor.role !== 'technician') return presentCustomer(row);
    const own = await customersAssignedTo(db, workspaceId, actor.memberId, [row.id]);
    return presentCustomer(row, own.has(row.id));
  },
};
