import type { ChangesPage } from '@fieldplan/shared';
import { api } from '../base/api';

/** The change log's catch-up (`GET /changes?after=`), read by the realtime module only. */
export const changesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChanges: build.query<ChangesPage, { workspaceId: string; after: number | null }>({
      query: ({ workspaceId, after }) =>
        `/workspaces/${encodeURIComponent(workspaceId)}/changes${after === null ? '' : `?after=${after}`}`,
      keepUnusedDataFor: 0,
    }),
  }),
});
