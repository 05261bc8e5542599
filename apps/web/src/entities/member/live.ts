import { can, type Member, type Role } from '@fieldplan/shared';
import { type EntityChange, entityChange, type LiveDispatch, type LiveEntry } from '../../base/live-registry';
import type { RootState } from '../../base/root-state';
import { authApi } from '../session/endpoints';
import { membersApi } from './endpoints';

/**
 * The member list (and your own role and colour in `/me`). Members travel without emails (every
 * member reads the channel): the cached email stays, and whoever may see emails reads the list
 * once when a member arrives that it has no email for.
 */
export function applyMember(workspaceId: string, change: EntityChange<Member>, viewer: { userId: string; role: Role }) {
  return (dispatch: LiveDispatch, getState: () => RootState) => {
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

export const memberLive: LiveEntry<'member'> = {
  entity: 'member',
  apply: (change, { workspaceId, viewer }) => applyMember(workspaceId, entityChange(change), viewer),
  resync: ['Member', 'Me'],
};
