import type { Member, MemberPatch } from '@fieldplan/shared';
import { api } from '../../base/api';

const listTag = (workspaceId: string) => ({ type: 'Member' as const, id: `list-${workspaceId}` });

export const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMembers: build.query<Member[], string>({
      query: (workspaceId) => `/workspaces/${encodeURIComponent(workspaceId)}/members`,
      providesTags: (_result, _error, workspaceId) => [listTag(workspaceId)],
    }),
    updateMember: build.mutation<Member, { workspaceId: string; memberId: string; patch: MemberPatch; self: boolean }>({
      query: ({ workspaceId, memberId, patch }) => ({
        url: `/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(memberId)}`,
        method: 'PATCH',
        body: patch,
      }),
      // Your own role or colour also lives in /me.
      invalidatesTags: (_result, _error, { self }) => (self ? ['Me'] : []),
      // Optimistic: the row changes at once and rolls back if the server refuses.
      onQueryStarted: async ({ workspaceId, memberId, patch }, { dispatch, queryFulfilled }) => {
        const optimistic = dispatch(
          membersApi.util.updateQueryData('getMembers', workspaceId, (members) => {
            const member = members.find((m) => m.id === memberId);
            if (!member) return;
            if (patch.role !== undefined) member.role = patch.role;
            if (patch.colour !== undefined) member.colour = patch.colour;
            if (patch.active !== undefined) member.active = patch.active;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            membersApi.util.updateQueryData('getMembers', workspaceId, (members) =>
              members.map((m) => (m.id === data.id ? data : m)),
            ),
          );
        } catch {
          optimistic.undo();
        }
      },
    }),
  }),
});

export const { useGetMembersQuery, useUpdateMemberMutation } = membersApi;
