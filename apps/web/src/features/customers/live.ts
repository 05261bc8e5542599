import type { Customer, Role } from '@fieldplan/shared';
import { type EntityChange, entityChange, type LiveDispatch, type LiveEntry } from '../../base/live-registry';
import type { RootState } from '../../base/root-state';
import { customersApi } from './endpoints';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** Puts a customer into every cached list (new ones on unfiltered first pages) and its detail. */
function putCustomer(workspaceId: string, id: string, customer: Customer | null, created: boolean) {
  return (dispatch: LiveDispatch, getState: () => RootState) => {
    const state = getState();
    for (const args of customersApi.util.selectCachedArgsForQuery(state, 'listCustomers')) {
      if (args.workspaceId !== workspaceId) continue;
      dispatch(
        customersApi.util.updateQueryData('listCustomers', args, (page) => {
          const index = page.items.findIndex((c) => c.id === id);
          if (!customer) {
            if (index < 0) return;
            page.items.splice(index, 1);
            page.total = Math.max(0, page.total - 1);
          } else if (index >= 0) {
            page.items[index] = { ...page.items[index], ...customer };
          } else if (created && !args.q && !args.offset) {
            page.items = [...page.items, customer].sort(byName);
            page.total += 1;
          }
        }),
      );
    }
    const key = { workspaceId, id };
    if (!customersApi.endpoints.getCustomer.select(key)(state).data) return;
    if (customer) {
      dispatch(customersApi.util.updateQueryData('getCustomer', key, (cached) => ({ ...cached, ...customer })));
    } else {
      // The open detail refetches and shows "no longer exists".
      dispatch(customersApi.util.invalidateTags([{ type: 'Customer', id }]));
    }
  };
}

/**
 * Customers travel without contact details (technicians share the channel, docs/PRODUCT.md, "Roles and permissions"): the
 * rest applies at once, keeping the contact already cached; whoever may see contacts then reads
 * this one customer to complete them.
 */
export function applyCustomer(workspaceId: string, change: EntityChange<Customer>, role: Role) {
  return (dispatch: LiveDispatch) => {
    dispatch(putCustomer(workspaceId, change.id, change.entity, change.created));
    if (!change.entity || role === 'technician') return;
    const read = dispatch(
      customersApi.endpoints.getCustomer.initiate(
        { workspaceId, id: change.id },
        { subscribe: false, forceRefetch: true },
      ),
    );
    void read.then((result) => {
      if (result.data) dispatch(putCustomer(workspaceId, change.id, result.data, change.created));
    });
  };
}

export const customerLive: LiveEntry<'customer'> = {
  entity: 'customer',
  apply: (change, { workspaceId, viewer }) => applyCustomer(workspaceId, entityChange(change), viewer.role),
  resync: ['Customer'],
};
