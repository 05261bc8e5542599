import type { Place, PlacesNotice } from '@fieldplan/shared';
import type { AppDispatch } from '../../base/store-types';
import { placesApi } from './endpoints';
import { zoomForSource } from './place-zoom';
import type { PlaceChoice, PlaceProvider, PlaceSuggestion } from './types';

/**
 * The built-in search (`GET /api/v1/places`): world cities, the workspace's customer addresses and
 * the server's street geocoder. `onNotice` hears, after each search not given up, what it lacked.
 */
export function builtinProvider(
  dispatch: AppDispatch,
  workspaceId: string | undefined,
  onNotice?: (notice: PlacesNotice | null) => void,
): PlaceProvider {
  const known = new Map<string, Place>();
  return {
    name: 'builtin',
    async search(query, signal) {
      const request = dispatch(placesApi.endpoints.searchPlaces.initiate({ q: query, workspaceId }));
      signal.addEventListener('abort', () => request.unsubscribe());
      try {
        const { places, notice } = await request.unwrap();
        if (!signal.aborted) onNotice?.(notice);
        for (const place of places) known.set(place.id, place);
        return places.map(
          (p): PlaceSuggestion => ({ id: p.id, label: p.label, secondary: p.secondary, source: p.source }),
        );
      } finally {
        request.unsubscribe();
      }
    },
    async resolve(suggestion): Promise<PlaceChoice> {
      const place = known.get(suggestion.id);
      if (!place) throw new Error('Unknown place');
      // A city fills "Berlin, Germany"; a customer's address is already complete.
      const address = place.source === 'city' ? `${place.label}, ${place.secondary}` : place.label;
      return { address, lat: place.lat, lng: place.lng, zoom: zoomForSource(place.source) };
    },
  };
}
