import type { Import, ImportPreview, ImportStart, UnplacedRow } from '@fieldplan/shared';
import { api } from '../../base/api';

const base = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/imports`;
type ImportKey = { workspaceId: string; id: string };

export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    getImport: build.query<Import, ImportKey>({
      query: ({ workspaceId, id }) => `${base(workspaceId)}/${encodeURIComponent(id)}`,
    }),
    previewImport: build.mutation<ImportPreview, ImportKey & { body: ImportStart }>({
      query: ({ workspaceId, id, body }) => ({
        url: `${base(workspaceId)}/${encodeURIComponent(id)}/preview`,
        method: 'POST',
        body,
      }),
    }),
    startImport: build.mutation<Import, ImportKey & { body: ImportStart }>({
      query: ({ workspaceId, id, body }) => ({
        url: `${base(workspaceId)}/${encodeURIComponent(id)}/start`,
        method: 'POST',
        body,
      }),
      onQueryStarted: async ({ workspaceId, id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(importApi.util.upsertQueryData('getImport', { workspaceId, id }, data));
      },
    }),
    resumeImport: build.mutation<Import, ImportKey>({
      query: ({ workspaceId, id }) => ({
        url: `${base(workspaceId)}/${encodeURIComponent(id)}/resume`,
        method: 'POST',
      }),
      onQueryStarted: async ({ workspaceId, id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(importApi.util.upsertQueryData('getImport', { workspaceId, id }, data));
      },
    }),
    unplacedRows: build.query<{ items: UnplacedRow[] }, ImportKey>({
      query: ({ workspaceId, id }) => `${base(workspaceId)}/${encodeURIComponent(id)}/unplaced`,
    }),
  }),
});

export const {
  useGetImportQuery,
  usePreviewImportMutation,
  useStartImportMutation,
  useResumeImportMutation,
  useUnplacedRowsQuery,
} = importApi;
