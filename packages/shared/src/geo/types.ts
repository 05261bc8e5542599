/** A point on Earth in degrees (WGS 84). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A GeoJSON position: `[longitude, latitude]` — note the order. */
export type Position = [number, number];
/** A closed ring: the first position repeated last. */
export type Ring = Position[];

export interface PolygonGeometry {
  type: 'Polygon';
  /** The outer ring, then holes. */
  coordinates: Ring[];
}

export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: Ring[][];
}

/** Not GeoJSON (which has no circles): a centre and a radius in metres. */
export interface CircleGeometry {
  type: 'Circle';
  center: LatLng;
  radiusM: number;
}

export type AreaGeometry = PolygonGeometry | MultiPolygonGeometry | CircleGeometry;
export type AreaKind = AreaGeometry['type'];

/** Limits of a service area's shape (docs/PRODUCT.md, "Entities and fields"). */
export const geometryLimits = {
  maxVertices: 5000,
  minRadiusM: 50,
  maxRadiusM: 200_000,
  /** Field errors reported for one geometry; a broken 5,000-vertex polygon is not 5,000 messages. */
  maxIssues: 10,
} as const;
