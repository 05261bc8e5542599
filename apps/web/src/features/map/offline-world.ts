import type { Feature, FeatureCollection, GeoJsonObject, Geometry, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import worldUrl from 'world-atlas/countries-50m.json?url';
import { nextTask } from '../../lib/next-task';

/** Natural Earth 1:50m, shipped with the app (world-atlas): land, country borders, coastlines. */
export interface OfflineWorld {
  land: GeoJsonObject;
  borders: MultiLineString;
  coast: MultiLineString;
}

type World = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

let loading: Promise<OfflineWorld> | null = null;

/** Fetches and converts the world once per page (≈ 750 KB, fetched only when the offline map shows). */
export function loadOfflineWorld(): Promise<OfflineWorld> {
  loading ??= fetch(worldUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`offline map data: HTTP ${res.status}`);
      return res.json() as Promise<World>;
    })
    // One conversion a task (each tens of ms on a slow machine): the board's first screen may be
    // rendering meanwhile.
    .then(async (world) => {
      const land = feature(world, world.objects.land) as Feature | FeatureCollection;
      await nextTask();
      const borders = mesh(world, world.objects.countries, (a, b) => a !== b);
      await nextTask();
      const coast = mesh(world, world.objects.land);
      return { land, borders, coast };
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * Points a piece of the base map holds at most (its parts are whole polygons or lines). Leaflet
 * projects and clips a piece in one idle-time task; with 8,000 points those tasks still passed
 * 50 ms (a long task) on a busy machine (docs/PERFORMANCE.md "Calendar render").
 */
const pointsPerPiece = 4_000;
const pointsOf = (coords: unknown): number =>
  Array.isArray(coords) && Array.isArray(coords[0]) ? coords.reduce((n: number, c: unknown) => n + pointsOf(c), 0) : 1;

/**
 * `shape` as geometries of at most `limit` points (or one part, if larger): a multi-polygon
 * or multi-line split into several of its parts each, anything else as it is.
 */
export function piecesOf(shape: GeoJsonObject, limit = pointsPerPiece): Geometry[] {
  const geometries: Geometry[] =
    shape.type === 'FeatureCollection'
      ? (shape as FeatureCollection).features.map((f) => f.geometry)
      : shape.type === 'Feature'
        ? [(shape as Feature).geometry]
        : [shape as Geometry];
  const pieces: Geometry[] = [];
  for (const geometry of geometries) {
    if (geometry.type !== 'MultiPolygon' && geometry.type !== 'MultiLineString') {
      pieces.push(geometry);
      continue;
    }
    let parts: unknown[] = [];
    let points = 0;
    const flush = () => {
      if (parts.length > 0) pieces.push({ type: geometry.type, coordinates: parts } as Geometry);
      parts = [];
      points = 0;
    };
    for (const part of geometry.coordinates) {
      const n = pointsOf(part);
      if (points > 0 && points + n > limit) flush();
      parts.push(part);
      points += n;
    }
    flush();
  }
  return pieces;
}
