import type { Customer, CustomerCreate, CustomerPage, CustomerPatch, JobPage } from '@fieldplan/shared';
import { api, versionedWrite } from '../../base/api';

export interface CustomerListArgs {
  workspaceId: string;
  q?: string;
  limit?: number;
  offset?: number;
}

const base = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/customers`;
const listTag = (workspaceId: string) => ({ type: 'Customer' as const, id: `list-${workspaceId}` });
export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCustomers: build.query<CustomerPage, CustomerListArgs>({
      query: ({ workspaceId, q, limit = 50, offset }) => {
        const params = new URLSearchParams({ limit: String(limit) });
        if (q) params.set('q', q);
        if (offset) params.set('offset', String(offset));
        return `${base(workspaceId)}?${params}`;
      },
      providesTags: (_result, _error, { workspaceId }) => [listTag(workspaceId)],
    }),
    getCustomer: build.query<Customer, { workspaceId: string; id: string }>({
      query: ({ workspaceId, id }) => `${base(workspaceId)}/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, { id }) => [{ type: 'Customer', id }],
    }),
    customerJobs: build.query<JobPage, { workspaceId: string; id: string; offset?: number }>({
      query: ({ workspaceId, id, offset }) =>
        `${base(workspaceId)}/${encodeURIComponent(id)}/jobs?limit=20${offset ? `&offset=${offset}` : ''}`,
      providesTags: (_result, _error, { workspaceId }) => [{ type: 'Job', id: `list-${workspaceId}` }],
    }),
    createCustomer: build.mutation<Customer, { workspaceId: string; customer: CustomerCreate }>({
      query: ({ workspaceId, customer }) => ({ url: base(workspaceId), method: 'POST', body: customer }),
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : [listTag(workspaceId)]),
    }),
    updateCustomer: build.mutation<
      Customer,
      { workspaceId: string; id: string; version: number; patch: CustomerPatch }
    >({
      query: ({ workspaceId, id, version, patch }) =>
        versionedWrite('PATCH', `${base(workspaceId)}/${encodeURIComponent(id)}`, version, patch),
      onQueryStarted: async ({ workspaceId, id }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(customersApi.util.upsertQueryData('getCustomer', { workspaceId, id }, data));
        } catch {
          // The form shows the problem.
        }
      },
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : [listTag(workspaceId)]),
    }),
    deleteCustomer: build.mutation<void, { workspaceId: string; id: string; version: number }>({
      query: ({ workspaceId, id, version }) =>
        versionedWrite('DELETE', `${base(workspaceId)}/${encodeURIComponent(id)}`, version),
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : [listTag(workspaceId)]),
    }),
  }),
});

export const {
  useListCustomersQuery,
  useGetCustomerQuery,
  useCustomerJobsQuery,
  useCreateCustomerMutation,
  useUpdateCustomerMutation,
  useDeleteCustomerMutation,
} = customersApi;
