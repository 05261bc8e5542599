import type { Customer, Job } from '@fieldplan/shared';
import { api } from '../../base/api';
import { readAllPages } from '../../base/read-all-pages';
import type { SearchSources } from './search-entries';

const ws = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}`;

/**
 * What the palette searches: every job and customer the signed-in member may list (the server's list
 * rules decide), read once when the palette first opens and again when a change marks them stale.
 */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchJobs: build.query<SearchSources['jobs'], string>({
      queryFn: async (workspaceId, _api, _extra, baseQuery) => {
        const all = await readAllPages<Job>(baseQuery, `${ws(workspaceId)}/jobs`);
        if ('error' in all) return all;
        return {
          data: all.data.map(({ id, title, customerName, address, status }) => ({
            id,
            title,
            customerName,
            address,
            status,
          })),
        };
      },
      providesTags: (_result, _error, workspaceId) => [{ type: 'Job', id: `list-${workspaceId}` }],
      keepUnusedDataFor: 600,
    }),
    searchCustomers: build.query<SearchSources['customers'], string>({
      queryFn: async (workspaceId, _api, _extra, baseQuery) => {
        const all = await readAllPages<Customer>(baseQuery, `${ws(workspaceId)}/customers`);
        if ('error' in all) return all;
        return { data: all.data.map(({ id, name, address, phone, email }) => ({ id, name, address, phone, email })) };
      },
      providesTags: (_result, _error, workspaceId) => [{ type: 'Customer', id: `list-${workspaceId}` }],
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useSearchJobsQuery, useSearchCustomersQuery } = searchApi;
