import type { AcceptInvitation, Invitation, InvitationCreate, InvitationPreview, Me } from '@fieldplan/shared';
import { api } from '../../base/api';
import { startSession } from '../../entities/session/endpoints';

const listTag = (workspaceId: string) => ({ type: 'Invitation' as const, id: `list-${workspaceId}` });
const base = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/invitations`;

export const invitationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvitations: build.query<Invitation[], string>({
      query: (workspaceId) => base(workspaceId),
      providesTags: (_result, _error, workspaceId) => [listTag(workspaceId)],
    }),
    createInvitation: build.mutation<Invitation, { workspaceId: string; invitation: InvitationCreate }>({
      query: ({ workspaceId, invitation }) => ({ url: base(workspaceId), method: 'POST', body: invitation }),
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : [listTag(workspaceId)]),
    }),
    revokeInvitation: build.mutation<null, { workspaceId: string; invitationId: string }>({
      query: ({ workspaceId, invitationId }) => ({
        url: `${base(workspaceId)}/${encodeURIComponent(invitationId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { workspaceId }) => [listTag(workspaceId)],
    }),
    previewInvitation: build.query<InvitationPreview, string>({
      query: (token) => `/invitations/${encodeURIComponent(token)}`,
    }),
    acceptInvitation: build.mutation<Me, { token: string; body: AcceptInvitation }>({
      query: ({ token, body }) => ({ url: `/invitations/${encodeURIComponent(token)}/accept`, method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => startSession(queryFulfilled, dispatch),
    }),
  }),
});

export const {
  useGetInvitationsQuery,
  useCreateInvitationMutation,
  useRevokeInvitationMutation,
  usePreviewInvitationQuery,
  useAcceptInvitationMutation,
} = invitationsApi;
