import type { TravelLegs } from '@fieldplan/shared';
import { api } from '../../base/api';

/** One range of drives: the same dates (workspace zone, end exclusive) as the calendar's range. */
export interface TravelLegsArgs {
  workspaceId: string;
  start: string;
  end: string;
}

/** The tag every cached travel answer of a workspace carries: any job, member or zone change refetches it. */
export const travelLegsTag = (workspaceId: string) => ({ type: 'TravelLegs' as const, id: workspaceId });

export const travelApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The drives between each technician's consecutive visits in a range. Priced on the
     * server (the model or a routing service), so it is refetched — not patched — when a job moves.
     */
    getTravelLegs: build.query<TravelLegs, TravelLegsArgs>({
      query: ({ workspaceId, start, end }) =>
        `/workspaces/${encodeURIComponent(workspaceId)}/travel-legs?${new URLSearchParams({ start, end })}`,
      providesTags: (_result, _error, { workspaceId }) => [travelLegsTag(workspaceId)],
      keepUnusedDataFor: 120,
    }),
  }),
});

export const { useGetTravelLegsQuery } = travelApi;
