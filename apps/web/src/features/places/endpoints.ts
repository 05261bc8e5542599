import { type Place, type PlacesNotice, placesNoticeHeader, placesNotices } from '@fieldplan/shared';
import { api } from '../../base/api';

/** A built-in search's answer, and what it lacks when the server's street geocoder couldn't help. */
export interface PlacesAnswer {
  places: Place[];
  notice: PlacesNotice | null;
}

const isNotice = (value: string | null | undefined): value is PlacesNotice =>
  (placesNotices as readonly (string | null | undefined)[]).includes(value);

export const placesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The built-in places search (world cities and, with `workspaceId`, that workspace's customers). */
    searchPlaces: build.query<PlacesAnswer, { q: string; workspaceId?: string | undefined }>({
      query: ({ q, workspaceId }) => {
        const params = new URLSearchParams({ q });
        if (workspaceId) params.set('ws', workspaceId);
        return `/places?${params}`;
      },
      transformResponse: (places: Place[], meta) => {
        const notice = meta?.headers.get(placesNoticeHeader);
        return { places, notice: isNotice(notice) ? notice : null };
      },
      keepUnusedDataFor: 120,
    }),
  }),
});

export const { useSearchPlacesQuery, useLazySearchPlacesQuery } = placesApi;
