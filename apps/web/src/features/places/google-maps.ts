// The Google Maps JavaScript API, loaded once per page on first use, with the Places library.
// We use the Places API (New) classes — AutocompleteSuggestion.fetchAutocompleteSuggestions for
// predictions and Place.fetchFields for the address and position — because Google no longer
// enables the legacy AutocompleteService/PlacesService for new projects (March 2025). Only what we
// call is typed here; a test stand-in implements the same surface (e2e/support/google-stand-in.ts).

export interface GoogleLatLng {
  lat(): number;
  lng(): number;
}

export interface GooglePlace {
  formattedAddress?: string | null;
  location?: GoogleLatLng | null;
  fetchFields(request: { fields: string[] }): Promise<{ place: GooglePlace }>;
}

export interface GooglePlacePrediction {
  placeId: string;
  text: { text: string };
  mainText?: { text: string } | null;
  secondaryText?: { text: string } | null;
  /** Its place types ("street_address", "locality" …). */
  types?: string[];
  toPlace(): GooglePlace;
}

export interface GooglePlaces {
  AutocompleteSessionToken: new () => object;
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(request: {
      input: string;
      sessionToken?: object;
      locationBias?: { lat: number; lng: number };
    }): Promise<{ suggestions: { placePrediction: GooglePlacePrediction | null }[] }>;
  };
}

interface GoogleWindow {
  google?: { maps?: { places?: GooglePlaces } };
  __fieldplanGoogleReady?: () => void;
  gm_authFailure?: () => void;
}

export const googleCallbackName = '__fieldplanGoogleReady';
/** How long the script may take before the built-in search takes over. */
export const googleTimeoutMs = 8000;

let loading: Promise<GooglePlaces> | null = null;
let authFailed = false;
const authListeners = new Set<() => void>();

/** True once Google said the key is refused (gm_authFailure): searches stop using it. */
export const googleAuthFailed = () => authFailed;
export function onGoogleAuthFailure(listener: () => void): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

/** The script's URL: `{base}/maps/api/js?key=…&libraries=places&callback=__fieldplanGoogleReady`. */
export function googleScriptUrl(base: string, key: string): string {
  const params = new URLSearchParams({ key, libraries: 'places', callback: googleCallbackName, loading: 'async' });
  return `${base.replace(/\/+$/, '')}/maps/api/js?${params}`;
}

/**
 * Loads the script once (later calls share the promise). Rejects when it fails to load, takes
 * longer than `googleTimeoutMs`, or comes without the Places classes we use.
 */
export function loadGooglePlaces(base: string, key: string, timeoutMs = googleTimeoutMs): Promise<GooglePlaces> {
  if (loading) return loading;
  const w = window as unknown as GoogleWindow;
  loading = new Promise<GooglePlaces>((resolve, reject) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => reject(new Error('Google Maps took too long to load')), timeoutMs);
    w.gm_authFailure = () => {
      authFailed = true;
      for (const listener of authListeners) listener();
    };
    w[googleCallbackName] = () => {
      clearTimeout(timer);
      const places = w.google?.maps?.places;
      if (places?.AutocompleteSuggestion && places.AutocompleteSessionToken) resolve(places);
      else reject(new Error('Google Maps loaded without the Places library'));
    };
    script.src = googleScriptUrl(base, key);
    script.async = true;
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('Google Maps could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Forgets a load (tests only). */
export function resetGoogleLoader(): void {
  loading = null;
  authFailed = false;
}
