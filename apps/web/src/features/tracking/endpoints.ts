import type { TrackingLink, TrackingPage, TrackingView } from '@fieldplan/shared';
import { api } from '../../base/api';

/** The public tracking page's data, and the dispatcher's view of a job's links. */
export const trackingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTracking: build.query<TrackingPage, string>({
      query: (token) => `/track/${encodeURIComponent(token)}`,
      // Live updates arrive on the link's channel; no refetch on focus needed beyond the default.
    }),
    /** `version` only keys the cache: a job that changed (went en route) asks again. */
    jobTrackingLinks: build.query<TrackingLink[], { workspaceId: string; jobId: string; version: number }>({
      query: ({ workspaceId, jobId }) =>
        `/workspaces/${encodeURIComponent(workspaceId)}/tracking-links?jobId=${encodeURIComponent(jobId)}`,
      providesTags: (_r, _e, { jobId }) => [{ type: 'Job', id: `tracking-${jobId}` }],
    }),
    revokeTrackingLink: build.mutation<null, { workspaceId: string; jobId: string; id: string }>({
      query: ({ workspaceId, id }) => ({
        url: `/workspaces/${encodeURIComponent(workspaceId)}/tracking-links/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { jobId }) => [{ type: 'Job', id: `tracking-${jobId}` }],
    }),
  }),
});

export const { useGetTrackingQuery, useJobTrackingLinksQuery, useRevokeTrackingLinkMutation } = trackingApi;

/** Applies a channel update to the cached page (the channel name never changes). */
export const trackingUpdated = (token: string, view: TrackingView) =>
  trackingApi.util.updateQueryData('getTracking', token, (page) => ({ ...page, ...view }));
