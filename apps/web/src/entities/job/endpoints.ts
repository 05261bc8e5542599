import type { Job, JobPage } from '@fieldplan/shared';
import { api } from '../../base/api';

export interface JobListArgs {
  workspaceId: string;
  /** The unscheduled queue (no time yet), most urgent first. */
  unscheduled?: boolean;
  /** The board's queue: one-off jobs waiting for a time or a technician (shared `waitsForDispatch`). */
  queue?: boolean;
  customerId?: string;
  q?: string;
  limit?: number;
  offset?: number;
}

export interface JobArgs {
  workspaceId: string;
  id: string;
}

const base = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/jobs`;

/** Reading jobs. Writes are in ./mutations.ts and patch these caches in place (apply-job-change). */
export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listJobs: build.query<JobPage, JobListArgs>({
      query: ({ workspaceId, unscheduled, queue, customerId, q, limit = 50, offset }) => {
        const params = new URLSearchParams({ limit: String(limit) });
        if (unscheduled) params.set('unscheduled', 'true');
        if (queue) params.set('queue', 'true');
        if (customerId) params.set('customerId', customerId);
        if (q) params.set('q', q);
        if (offset) params.set('offset', String(offset));
        return `${base(workspaceId)}?${params}`;
      },
      providesTags: (_result, _error, { workspaceId }) => [{ type: 'Job', id: `list-${workspaceId}` }],
    }),
    getJob: build.query<Job, JobArgs>({
      query: ({ workspaceId, id }) => `${base(workspaceId)}/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, { id }) => [{ type: 'Job', id }],
    }),
  }),
});

export const { useListJobsQuery, useGetJobQuery } = jobsApi;
export const jobsPath = base;
