import type { Feature, FeatureCollection, GeoJsonObject, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import worldUrl from 'world-atlas/countries-50m.json?url';

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
    .then((world) => ({
      land: feature(world, world.objects.land) as Feature | FeatureCollection,
      borders: mesh(world, world.objects.countries, (a, b) => a !== b),
      coast: mesh(world, world.objects.land),
    }))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
