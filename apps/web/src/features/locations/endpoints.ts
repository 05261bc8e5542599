import type { LiveLocation, LocationPing } from '@fieldplan/shared';
import { current } from '@reduxjs/toolkit';
import { api } from '../../base/api';

const base = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/locations`;

/** Puts one member's newest position into a cached list (a newer fix replaces theirs, an older one is dropped). */
export function upsertLocation(list: LiveLocation[], location: LiveLocation): LiveLocation[] {
  const current = list.find((l) => l.memberId === location.memberId);
  if (current && Date.parse(current.at) > Date.parse(location.at)) return list;
  return [...list.filter((l) => l.memberId !== location.memberId), location];
}

/**
 * A fetched list into the cached one, fix by fix: a refetch (focus, reconnect, re-subscription)
 * answered before a live `location` event but arriving after it must not put the older fix back.
 * The server keeps every latest position for 30 days, so one only the cache has came by an event meanwhile.
 */
export function mergeLocations(cached: LiveLocation[], fetched: LiveLocation[]): LiveLocation[] {
  return fetched.reduce(upsertLocation, cached);
}

/** Live locations: the latest positions (realtime events patch them) and one's own pings. */
export const locationsApi = api.enhanceEndpoints({ addTagTypes: ['Location'] }).injectEndpoints({
  endpoints: (build) => ({
    getLocations: build.query<LiveLocation[], string>({
      query: (workspaceId) => base(workspaceId),
      providesTags: (_result, _error, workspaceId) => [{ type: 'Location', id: workspaceId }],
      merge: (cached, fetched) => mergeLocations(current(cached), fetched),
    }),
    shareLocation: build.mutation<LiveLocation, { workspaceId: string; ping: LocationPing }>({
      query: ({ workspaceId, ping }) => ({ url: base(workspaceId), method: 'POST', body: ping }),
      onQueryStarted: async ({ workspaceId }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            locationsApi.util.updateQueryData('getLocations', workspaceId, (list) => upsertLocation(list, data)),
          );
        } catch {
          // The sharer shows the problem and waits as told.
        }
      },
    }),
  }),
});

export const { useGetLocationsQuery, useShareLocationMutation } = locationsApi;
