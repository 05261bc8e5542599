import { haversineM } from './distance.js';
import { pointInRing } from './topology.js';
import type { AreaGeometry, LatLng, Ring } from './types.js';

/** South-west and north-east corners. */
export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

const metresPerDegreeLat = 111_320;

/** The bounding box of a shape (a circle's is widened by its radius). */
export function geometryBounds(geometry: AreaGeometry): Bounds {
  if (geometry.type === 'Circle') {
    const { lat, lng } = geometry.center;
    const dLat = geometry.radiusM / metresPerDegreeLat;
    const dLng = geometry.radiusM / (metresPerDegreeLat * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
    return { south: lat - dLat, north: lat + dLat, west: lng - dLng, east: lng + dLng };
  }
  const bounds = { south: 90, west: 180, north: -90, east: -180 };
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const polygon of polygons) {
    for (const [lng, lat] of polygon[0] ?? []) {
      bounds.south = Math.min(bounds.south, lat);
      bounds.north = Math.max(bounds.north, lat);
      bounds.west = Math.min(bounds.west, lng);
      bounds.east = Math.max(bounds.east, lng);
    }
  }
  return bounds;
}

function inPolygon(point: LatLng, rings: Ring[]): boolean {
  const [outer, ...holes] = rings;
  if (!outer || !pointInRing(point.lng, point.lat, outer)) return false;
  return !holes.some((hole) => pointInRing(point.lng, point.lat, hole));
}

/** True when the point lies inside the shape (inside the outer ring and no hole; within the radius). */
export function containsPoint(geometry: AreaGeometry, point: LatLng): boolean {
  switch (geometry.type) {
    case 'Circle':
      return haversineM(geometry.center, point) <= geometry.radiusM;
    case 'Polygon':
      return inPolygon(point, geometry.coordinates);
    case 'MultiPolygon':
      return geometry.coordinates.some((polygon) => inPolygon(point, polygon));
  }
}

/** A shape prepared for many point tests: its bounds are checked before its rings. */
export interface PreparedArea {
  geometry: AreaGeometry;
  bounds: Bounds;
}

export function prepareAreas(areas: readonly { geometry: AreaGeometry }[]): PreparedArea[] {
  return areas.map((a) => ({ geometry: a.geometry, bounds: geometryBounds(a.geometry) }));
}

/** True when the point lies in at least one of the areas. */
export function inAnyArea(point: LatLng, areas: readonly PreparedArea[]): boolean {
  return areas.some(
    ({ geometry, bounds: b }) =>
      point.lat >= b.south &&
      point.lat <= b.north &&
      point.lng >= b.west &&
      point.lng <= b.east &&
      containsPoint(geometry, point),
  );
}

/**
 * Whether a job site should be flagged as outside every service area: only when the workspace has
 * areas and the site has coordinates (no areas, or no position, flags nothing).
 */
export function isOutsideAreas(
  point: { lat?: number | null; lng?: number | null } | null | undefined,
  areas: readonly PreparedArea[],
): boolean {
  if (areas.length === 0 || !point || typeof point.lat !== 'number' || typeof point.lng !== 'number') return false;
  return !inAnyArea({ lat: point.lat, lng: point.lng }, areas);
}
