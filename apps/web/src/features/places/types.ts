/** What choosing a place fills in: the address text and its position. */
export interface PlaceChoice {
  address: string;
  lat: number;
  lng: number;
  /** The map zoom it is best seen at: street level for an address, town level for a city. */
  zoom: number;
}

/** One line of the suggestion list. */
export interface PlaceSuggestion {
  id: string;
  label: string;
  secondary: string;
  /** Where it came from; shown as a small tag ("Customer"). */
  source: 'customer' | 'city' | 'address' | 'google';
}

/** A places search: suggestions for what was typed, and the address and position of one of them. */
export interface PlaceProvider {
  readonly name: 'builtin' | 'google';
  search(query: string, signal: AbortSignal): Promise<PlaceSuggestion[]>;
  resolve(suggestion: PlaceSuggestion): Promise<PlaceChoice>;
}
