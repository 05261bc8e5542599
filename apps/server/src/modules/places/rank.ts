import type { Place } from '@fieldplan/shared';
import { foldText } from './index-build.js';

/** A city or geocoder result before ranking. */
export interface Candidate {
  place: Place;
  /** `place.label` and `place.secondary` folded by `foldText`, when already known (the city index's). */
  folded?: { label: string; secondary: string };
  /** ISO alpha-2 (upper case), or empty. */
  countryCode: string;
  /** People, when known (the built-in index); geocoder results have none. */
  population?: number;
}

export interface LatLng {
  lat: number;
  lng: number;
}

const toRad = Math.PI / 180;
/** Great-circle distance in km. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * toRad;
  const dLng = (b.lng - a.lng) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLng / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Geocoder results rank like a town of ~30,000 people (Photon gives no population); its order breaks ties. */
const geocodedProminence = Math.log10(30_000);
/** The same name in the same country within this distance is one place (GeoNames and OSM points differ). */
const samePlaceKm = 25;

/**
 * Cities and geocoder results as one list, best first: names equal to what was typed, then names
 * starting with it, then the rest; within each, prominence (log of population) less a penalty for
 * distance from `near` (the workspace's map centre) — "Berlin" typed in Germany is Berlin, Germany,
 * typed in New Hampshire it is Berlin, NH. Duplicates go: the same label and secondary (six
 * GeoNames towns all shown as "Berlin, United States"), the same name in the same country a few km
 * apart (a city in both sources), and a geocoder address a customer already has (`taken`, folded).
 * `folded` is what was typed before any comma, folded by `foldText`.
 */
export function rankPlaces(
  folded: string,
  candidates: Candidate[],
  near: LatLng | undefined,
  taken: Set<string>,
): Place[] {
  const scored = candidates.map((c, order) => {
    const label = c.folded?.label ?? foldText(c.place.label);
    const tier = label === folded ? 0 : label.startsWith(folded) ? 1 : 2;
    const prominence =
      c.population === undefined ? geocodedProminence - order * 1e-3 : Math.log10(c.population + 1_000);
    const penalty = near ? 1.5 * Math.log10(1 + distanceKm(near, c.place) / 100) : 0;
    return { c, label, tier, score: prominence - penalty };
  });
  scored.sort((a, b) => a.tier - b.tier || b.score - a.score);
  const seen = new Set<string>();
  const kept: typeof scored = [];
  for (const s of scored) {
    const shown = `${s.label}|${s.c.folded?.secondary ?? foldText(s.c.place.secondary)}`;
    if (seen.has(shown) || (s.c.place.source === 'address' && taken.has(s.label))) continue;
    const twin = kept.some(
      (k) =>
        k.label === s.label &&
        k.c.countryCode === s.c.countryCode &&
        k.c.place.source === s.c.place.source &&
        distanceKm(k.c.place, s.c.place) < samePlaceKm,
    );
    if (twin) continue;
    seen.add(shown);
    kept.push(s);
  }
  return kept.map((s) => s.c.place);
}
