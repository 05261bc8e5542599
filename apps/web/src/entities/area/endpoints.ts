import type { Area, AreaCreate, AreaPatch } from '@fieldplan/shared';
import { api, versionedWrite } from '../../base/api';

const base = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/areas`;
const byName = (a: Area, b: Area) => a.name.localeCompare(b.name);

/** Service areas: one cached list per workspace, patched in place by every write. */
export const areasApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAreas: build.query<Area[], string>({
      query: (workspaceId) => base(workspaceId),
      providesTags: (_result, _error, workspaceId) => [{ type: 'Area', id: workspaceId }],
    }),
    createArea: build.mutation<Area, { workspaceId: string; area: AreaCreate }>({
      query: ({ workspaceId, area }) => ({ url: base(workspaceId), method: 'POST', body: area }),
      onQueryStarted: async ({ workspaceId }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          // Realtime may have put it in already: replace rather than add twice.
          dispatch(
            areasApi.util.updateQueryData('listAreas', workspaceId, (list) =>
              [...list.filter((a) => a.id !== data.id), data].sort(byName),
            ),
          );
        } catch {
          // The editor shows the problem.
        }
      },
    }),
    updateArea: build.mutation<Area, { workspaceId: string; id: string; version: number; patch: AreaPatch }>({
      query: ({ workspaceId, id, version, patch }) =>
        versionedWrite('PATCH', `${base(workspaceId)}/${encodeURIComponent(id)}`, version, patch),
      onQueryStarted: async ({ workspaceId }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            areasApi.util.updateQueryData('listAreas', workspaceId, (list) =>
              list.map((a) => (a.id === data.id ? data : a)).sort(byName),
            ),
          );
        } catch {
          // A 412 makes the editor offer a reload; field errors show in it.
        }
      },
    }),
    deleteArea: build.mutation<void, { workspaceId: string; id: string; version: number }>({
      query: ({ workspaceId, id, version }) =>
        versionedWrite('DELETE', `${base(workspaceId)}/${encodeURIComponent(id)}`, version),
      onQueryStarted: async ({ workspaceId, id }, { dispatch, queryFulfilled }) => {
        try {
          await queryFulfilled;
          dispatch(areasApi.util.updateQueryData('listAreas', workspaceId, (list) => list.filter((a) => a.id !== id)));
        } catch {
          // The editor shows the problem.
        }
      },
    }),
  }),
});

export const { useListAreasQuery, useCreateAreaMutation, useUpdateAreaMutation, useDeleteAreaMutation } = areasApi;
