import type { CustomerPage, JobPage, Problem } from '@fieldplan/shared';
import { type ApiRequest, api } from '../../base/api';
import type { MapCustomer } from './types';

/** Where each job of the workspace is: job id → position, or null for a job without one. */
export type JobSites = Record<string, { lat: number; lng: number } | null>;

const pageSize = 100;

/**
 * Job positions from the jobs list, every page once per workspace (re-read when stale): for visits
 * cached before the calendar feed carried each job's site (it does now — a visit's `job.lat/lng`,
 * preferred by map-data.ts; the dispatch board's map reads only those).
 */
export const mapApi = api.injectEndpoints({
  endpoints: (build) => ({
    jobSites: build.query<JobSites, string>({
      queryFn: async (workspaceId, _api, _extra, baseQuery) => {
        const url = (offset: number) =>
          `/workspaces/${encodeURIComponent(workspaceId)}/jobs?limit=${pageSize}&offset=${offset}`;
        const read = async (offset: number) => {
          const res = await baseQuery({ url: url(offset) } satisfies ApiRequest);
          if (res.error) throw res.error;
          return res.data as JobPage;
        };
        try {
          const first = await read(0);
          const rest = await Promise.all(
            Array.from({ length: Math.ceil(first.total / pageSize) - 1 }, (_, i) => read((i + 1) * pageSize)),
          );
          const sites: JobSites = {};
          for (const page of [first, ...rest]) {
            for (const job of page.items) {
              sites[job.id] = job.lat !== null && job.lng !== null ? { lat: job.lat, lng: job.lng } : null;
            }
          }
          return { data: sites };
        } catch (error) {
          return { error: error as Problem };
        }
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
        const url = (offset: number) =>
          `/workspaces/${encodeURIComponent(workspaceId)}/customers?limit=${pageSize}&offset=${offset}`;
        const read = async (offset: number) => {
          const res = await baseQuery({ url: url(offset) } satisfies ApiRequest);
          if (res.error) throw res.error;
          return res.data as CustomerPage;
        };
        try {
          const first = await read(0);
          const rest = await Promise.all(
            Array.from({ length: Math.ceil(first.total / pageSize) - 1 }, (_, i) => read((i + 1) * pageSize)),
          );
          const customers = [first, ...rest].flatMap((page) =>
            page.items.map(({ id, name, address, lat, lng }) => ({ id, name, address, lat, lng })),
          );
          return { data: customers };
        } catch (error) {
          return { error: error as Problem };
        }
      },
      providesTags: (_result, _error, workspaceId) => [{ type: 'Customer', id: `list-${workspaceId}` }],
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useCustomerSitesQuery } = customerSitesApi;
