import { type Config, publicGeocoderUrl } from '../../../config.js';
import { version } from '../../../version.js';
import { Geocoder } from './geocoder.js';
import { nominatimApi } from './nominatim.js';
import { photonApi } from './photon.js';

/** The biggest geocoder answer read (ten GeoJSON features are ~5 KB). */
const maxAnswerBytes = 512 * 1024;

/**
 * The configured geocoder, or null when street search is off. The public instance gets a
 * User-Agent naming Fieldplan, its version and who runs it, and only public addresses.
 */
export function geocoderFromConfig(config: Config, onFailure?: (reason: string) => void): Geocoder | null {
  if (!config.GEOCODER_URL) return null;
  const contact = config.GEOCODER_CONTACT ?? config.PUBLIC_URL;
  return new Geocoder({
    api: config.GEOCODER_KIND === 'nominatim' ? nominatimApi : photonApi,
    base: new URL(config.GEOCODER_URL),
    fetch: {
      userAgent: `Fieldplan/${version}${contact ? ` (+${contact})` : ''}`,
      timeoutMs: config.GEOCODER_TIMEOUT_MS,
      maxBytes: maxAnswerBytes,
      publicOnly: config.GEOCODER_URL === publicGeocoderUrl,
    },
    minIntervalMs: config.GEOCODER_MIN_INTERVAL_MS,
    maxWaitMs: config.GEOCODER_TIMEOUT_MS,
    ...(onFailure && { onFailure }),
  });
}

/** Photon names places in these languages besides the local one. */
const photonLanguages = new Set(['en', 'de', 'fr']);

/** The first language of an Accept-Language header the geocoder can use, or undefined (local names). */
export function geocoderLanguage(header: string | undefined, kind: Config['GEOCODER_KIND']): string | undefined {
  const first = /^\s*([a-z]{2,3})\b/i.exec(header ?? '')?.[1]?.toLowerCase();
  if (!first) return undefined;
  return kind === 'nominatim' || photonLanguages.has(first) ? first : undefined;
}
