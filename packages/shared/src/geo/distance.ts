import { formatNumber } from '../clock/format.js';
import type { LatLng } from './types.js';

/** Mean Earth radius (IUGG), metres. */
export const earthRadiusM = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two points in metres (haversine; ≤ 0.5 % off the ellipsoid). */
export function haversineM(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length of a path through `points` in order, metres. */
export function pathLengthM(points: readonly LatLng[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (a && b) total += haversineM(a, b);
  }
  return total;
}

/** "850 m", "12.4 km", "128 km" ("12,4 km" in German): how distances read in the UI. */
export function formatDistance(metres: number, language?: string): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  const km = metres / 1000;
  const digits = km < 100 ? 1 : 0;
  return `${formatNumber(km, language, { minimumFractionDigits: digits, maximumFractionDigits: digits })} km`;
}
