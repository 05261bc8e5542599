import { type Area, type Customer, can, type Member, type Role, type Workspace } from '@fieldplan/shared';
import type { AppDispatch, RootState } from '../app/store';
import { areasApi } from '../entities/area/endpoints';
import { membersApi } from '../entities/member/endpoints';
import { authApi } from '../entities/session/endpoints';
import { workspaceApi } from '../entities/workspace/endpoints';
import { customersApi } from '../features/customers/endpoints';

/** An entity as a change carries it, or null when the change removes it. */
type Change<T> = { id: string; entity: T | null; created: boolean };

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * The member list (and your own role and colour in `/me`). Members travel without emails (every
 * member reads the channel): the cached email stays, and whoever may see emails reads the list
 * once when a member arrives that it has no email for.
 */
export function applyMember(workspaceId: string, change: Change<Member>, viewer: { userId: string; role: Role }) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    const member = change.entity;
    const cached = membersApi.endpoints.getMembers.select(workspaceId)(getState()).data;
    const hadEmail = cached?.find((m) => m.id === change.id)?.email !== undefined;
    dispatch(
      membersApi.util.updateQueryData('getMembers', workspaceId, (list) => {
        const rest = list.filter((m) => m.id !== change.id);
        if (!member) return rest;
        const index = list.findIndex((m) => m.id === change.id);
        if (index < 0) return [...list, member];
        // The channel never carries emails (every member reads it): keep the one this list was given.
        return list.map((m) => (m.id === change.id ? { ...member, email: member.email ?? m.email } : m));
      }),
    );
    if (member && member.email === undefined && !hadEmail && cached && can(viewer.role, 'members.emails')) {
      void dispatch(membersApi.endpoints.getMembers.initiate(workspaceId, { subscribe: false, forceRefetch: true }));
    }
    if (member?.userId !== viewer.userId) return;
    dispatch(
      authApi.util.updateQueryData('getMe', undefined, (me) => {
        const mine = me.memberships.find((m) => m.workspaceId === workspaceId);
        if (!mine) return;
        mine.role = member.role;
        mine.colour = member.colour;
      }),
    );
  };
}

/**
 * The workspace's settings, and its name in `/me` (the switcher). A new slug of the workspace on
 * screen reloads the page at its new address: `/me` and the URL must change together.
 */
export function applyWorkspace(workspace: Workspace, currentSlug: string | null) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    const before = authApi.endpoints.getMe
      .select()(getState())
      .data?.memberships.find((m) => m.workspaceId === workspace.id);
    if (before && before.workspaceSlug !== workspace.slug && currentSlug === before.workspaceSlug) {
      window.location.replace(
        window.location.pathname.replace(`/w/${before.workspaceSlug}`, `/w/${workspace.slug}`) + window.location.search,
      );
      return;
    }
    dispatch(workspaceApi.util.updateQueryData('getWorkspace', workspace.id, () => workspace));
    dispatch(
      authApi.util.updateQueryData('getMe', undefined, (me) => {
        for (const m of me.memberships) {
          if (m.workspaceId !== workspace.id) continue;
          m.workspaceName = workspace.name;
          m.workspaceSlug = workspace.slug;
        }
      }),
    );
  };
}

/** The workspace's service areas (one list, by name). */
export function applyArea(workspaceId: string, change: Change<Area>) {
  return (dispatch: AppDispatch) => {
    const area = change.entity;
    dispatch(
      areasApi.util.updateQueryData('listAreas', workspaceId, (list) => {
        const rest = list.filter((a) => a.id !== change.id);
        return area ? [...rest, area].sort(byName) : rest;
      }),
    );
  };
}

/** Puts a customer into every cached list (new ones on unfiltered first pages) and its detail. */
function putCustomer(workspaceId: string, id: string, customer: Customer | null, created: boolean) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
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
export function applyCustomer(workspaceId: string, change: Change<Customer>, role: Role) {
  return (dispatch: AppDispatch) => {
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
