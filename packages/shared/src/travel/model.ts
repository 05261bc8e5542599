import { z } from 'zod';
import { formatMinutes } from '../clock/format.js';
import { haversineM } from '../geo/distance.js';
import type { LatLng } from '../geo/types.js';

/**
 * The default travel model: the straight line between two points, lengthened by a detour
 * factor for the road network, driven at an average urban speed. Pure, so the server (tracking ETA)
 * and the browser (my day) compute the same numbers from the same `/api/v1/config` values.
 */
export const travelSettingsSchema = z.object({
  /** Road distance ÷ straight-line distance (≥ 1). */
  detourFactor: z.number().min(1).max(5),
  /** Average door-to-door speed, km/h. */
  speedKmh: z.number().min(1).max(200),
});
export type TravelSettings = z.infer<typeof travelSettingsSchema>;

export const defaultTravelSettings: TravelSettings = { detourFactor: 1.3, speedKmh: 30 };

/** One drive: road distance in metres and duration in seconds (both estimates). */
export interface TravelLeg {
  distanceM: number;
  durationS: number;
}

/** The estimated drive from `from` to `to`. */
export function travelLeg(from: LatLng, to: LatLng, settings: TravelSettings = defaultTravelSettings): TravelLeg {
  const distanceM = haversineM(from, to) * settings.detourFactor;
  return { distanceM, durationS: distanceM / ((settings.speedKmh * 1000) / 3600) };
}

/**
 * The legs of a day's stops in order, starting from `start` (the home base; null when unknown):
 * `legs[i]` is the drive to `stops[i]` from the previous stop with a place. A stop without a place
 * (null) gets a null leg, and the next stop's leg starts from the last place known; so does the first
 * stop when there is no home base.
 */
export function dayLegs(
  start: LatLng | null,
  stops: readonly (LatLng | null)[],
  settings: TravelSettings = defaultTravelSettings,
): (TravelLeg | null)[] {
  let from = start;
  return stops.map((stop) => {
    if (!stop) return null;
    const leg = from ? travelLeg(from, stop, settings) : null;
    from = stop;
    return leg;
  });
}

/** When someone at `position` at `now` (ms) arrives at `destination`: an instant in ms. */
export function etaFrom(
  position: LatLng,
  destination: LatLng,
  now: number,
  settings: TravelSettings = defaultTravelSettings,
): number {
  return now + Math.round(travelLeg(position, destination, settings).durationS * 1000);
}

/**
 * "4 min", "1 h 05 min": how drive times read (to the nearest minute; "< 1 min" below half a minute);
 * in another language its units ("1 Std. 5 Min.").
 */
export function formatDuration(seconds: number, language?: string): string {
  const english = !language || language.startsWith('en');
  if (seconds < 30) return english ? '< 1 min' : `< ${formatMinutes(1, language)}`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (!english) return formatMinutes(minutes, language);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
