import type { PlaceSuggestion } from './types';

/** The map zoom that shows a street with its houses (a chosen address, a customer's site). */
export const streetZoom = 17;
/** The map zoom that shows a whole town (a chosen city). */
export const cityZoom = 11;

/** Google's types of a settlement or region (Places API (New) place types). */
const googleAreaTypes = new Set([
  'locality',
  'postal_town',
  'sublocality',
  'administrative_area_level_1',
  'administrative_area_level_2',
  'administrative_area_level_3',
  'country',
]);

/**
 * The zoom a chosen place is best seen at: a town from afar, anything more precise (a street, a
 * house, a customer's address) close enough to set the pin on the right building.
 */
export function zoomForSource(source: PlaceSuggestion['source']): number {
  return source === 'city' ? cityZoom : streetZoom;
}

/** The same for a Google prediction, by its place types (a street when it has none we know). */
export function zoomForGoogleTypes(types: readonly string[] | undefined): number {
  return types?.some((t) => googleAreaTypes.has(t)) ? cityZoom : streetZoom;
}
