import type { GooglePlacePrediction, GooglePlaces } from './google-maps';
import { zoomForGoogleTypes } from './place-zoom';
import type { PlaceChoice, PlaceProvider, PlaceSuggestion } from './types';

/**
 * Google Places predictions (`AutocompleteSuggestion`), one session token per typing session
 * (ended by choosing a place, as Google bills it), and the chosen place's address and position.
 */
export function googleProvider(places: GooglePlaces, bias?: { lat: number; lng: number }): PlaceProvider {
  let session = new places.AutocompleteSessionToken();
  const predictions = new Map<string, GooglePlacePrediction>();
  return {
    name: 'google',
    async search(query, signal) {
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input: query,
        sessionToken: session,
        ...(bias && { locationBias: bias }),
      });
      if (signal.aborted) return [];
      const out: PlaceSuggestion[] = [];
      for (const { placePrediction: p } of suggestions) {
        if (!p) continue;
        predictions.set(p.placeId, p);
        out.push({
          id: p.placeId,
          label: p.mainText?.text ?? p.text.text,
          secondary: p.secondaryText?.text ?? '',
          source: 'google',
        });
      }
      return out;
    },
    async resolve(suggestion): Promise<PlaceChoice> {
      const prediction = predictions.get(suggestion.id);
      if (!prediction) throw new Error('Unknown place');
      const { place } = await prediction.toPlace().fetchFields({ fields: ['formattedAddress', 'location'] });
      session = new places.AutocompleteSessionToken();
      const location = place.location;
      if (!location) throw new Error('Google gave no position for this place');
      return {
        address: place.formattedAddress ?? prediction.text.text,
        lat: location.lat(),
        lng: location.lng(),
        zoom: zoomForGoogleTypes(prediction.types),
      };
    },
  };
}
