import type { Workspace, WorkspacePatch } from '@fieldplan/shared';
import { api } from '../../base/api';
import { authApi } from '../session/endpoints';

export const workspaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWorkspace: build.query<Workspace, string>({
      query: (workspaceId) => `/workspaces/${encodeURIComponent(workspaceId)}`,
      providesTags: (_result, _error, id) => [{ type: 'Workspace', id }],
    }),
    updateWorkspace: build.mutation<Workspace, { workspaceId: string; patch: WorkspacePatch }>({
      query: ({ workspaceId, patch }) => ({
        url: `/workspaces/${encodeURIComponent(workspaceId)}`,
        method: 'PATCH',
        body: patch,
      }),
      onQueryStarted: async ({ workspaceId }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(workspaceApi.util.upsertQueryData('getWorkspace', workspaceId, data));
          // Name and slug also live in /me (the switcher, the URL): update them in place, so a new
          // slug is known before the screen navigates to it.
          dispatch(
            authApi.util.updateQueryData('getMe', undefined, (me) => {
              for (const m of me.memberships) {
                if (m.workspaceId !== workspaceId) continue;
                m.workspaceName = data.name;
                m.workspaceSlug = data.slug;
              }
            }),
          );
        } catch {
          // The form maps the problem onto its fields.
        }
      },
    }),
  }),
});

export const { useGetWorkspaceQuery, useUpdateWorkspaceMutation } = workspaceApi;
