import type { CustomerPage, JobPage } from '@fieldplan/shared';
import { api } from '../../base/api';
import { readAllPages } from '../../base/read-all-pages';
import type { MapCustomer } from './types';

/** Where each job of the workspace is: job id → position, or null for a job without one. */
export type JobSites = Record<string, { lat: number; lng: number } | null>;

/**
 * Job positions from the jobs list, every page once per workspace (re-read when stale): for visits
 * cached before the calendar feed carried each job's site (it does now — a visit's `job.lat/lng`,
 * preferred by map-data.ts; the dispatch board's map reads only those).
 */
export const mapApi = api.injectEndpoints({
  endpoints: (build) => ({
    jobSites: build.query<JobSites, string>({
      queryFn: async (workspaceId, _api, _extra, baseQuery) => {
        const jobs = await readAllPages<JobPage['items'][number]>(
          baseQuery,
          `/workspaces/${encodeURIComponent(workspaceId)}/jobs`,
        );
        if ('error' in jobs) return jobs;
        const sites: JobSites = {};
        for (const job of jobs.data) {
          sites[job.id] = job.lat !== null && job.lng !== null ? { lat: job.lat, lng: job.lng } : null;
        }
        return { data: sites };
      },
      providesTags: (_result, _error, workspaceId) => [{ type: 'Job', id: `list-${workspaceId}` }],
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useJobSitesQuery } = mapApi;

/** Every customer with a position, for the customers layer (read only while that layer shows). */
export const customerSitesApi = api.injectEndpoints({
  endpoints: (build) => ({
    customerSites: build.query<MapCustomer[], string>({
      queryFn: async (workspaceId, _api, _extra, baseQuery) => {
        const customers = await readAllPages<CustomerPage['items'][number]>(
          baseQuery,
          `/workspaces/${encodeURIComponent(workspaceId)}/customers`,
        );
        if ('error' in customers) return customers;
        return { data: customers.data.map(({ id, name, address, lat, lng }) => ({ id, name, address, lat, lng })) };
      },
      providesTags: (_result, _error, workspaceId) => [{ type: 'Customer', id: `list-${workspaceId}` }],
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useCustomerSitesQuery } = customerSitesApi;
