import type { PlaceLabel, PlaceLabelsQuery } from '@fieldplan/shared';
import { api } from '../../base/api';

/** Place names the map draws itself: the offline base map's labels (the server's GeoNames cities). */
export const placeLabelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Place names for the offline base map's view (the box rounded, so nearby views share answers). */
    placeLabels: build.query<PlaceLabel[], PlaceLabelsQuery>({
      query: (box) => `/places/labels?${new URLSearchParams(Object.entries(box).map(([k, v]) => [k, String(v)]))}`,
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { usePlaceLabelsQuery } = placeLabelsApi;
