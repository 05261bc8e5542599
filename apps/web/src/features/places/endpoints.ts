import type { Place, PlaceLabel, PlaceLabelsQuery } from '@fieldplan/shared';
import { api } from '../../base/api';

export const placesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The built-in places search (world cities and, with `workspaceId`, that workspace's customers). */
    searchPlaces: build.query<Place[], { q: string; workspaceId?: string | undefined }>({
      query: ({ q, workspaceId }) => {
        const params = new URLSearchParams({ q });
        if (workspaceId) params.set('ws', workspaceId);
        return `/places?${params}`;
      },
      keepUnusedDataFor: 120,
    }),
    /** Place names for the offline base map's view (the box rounded, so nearby views share answers). */
    placeLabels: build.query<PlaceLabel[], PlaceLabelsQuery>({
      query: (box) => `/places/labels?${new URLSearchParams(Object.entries(box).map(([k, v]) => [k, String(v)]))}`,
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useSearchPlacesQuery, useLazySearchPlacesQuery, usePlaceLabelsQuery } = placesApi;
