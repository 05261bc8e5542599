import { dayMs, instantToWall, type MapSettings, parseDateOnly } from '@fieldplan/shared';
import { useMemo } from 'react';
import { type SetParam, useSearchState } from '../../lib/use-search-state';
import { defaultLayers, type LayerVisibility, type MapView, type OverlayKey, overlayKeys } from './types';

const narrow = () => typeof matchMedia === 'function' && matchMedia('(max-width: 760px)').matches;

/** Today's date (`YYYY-MM-DD`) in the workspace zone. */
export function todayIn(zone: string, now = Date.now()): string {
  return new Date(Math.floor(instantToWall(zone, now) / dayMs) * dayMs).toISOString().slice(0, 10);
}

/** The date `days` after `date` (both `YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  return new Date((parseDateOnly(date) ?? 0) + days * dayMs).toISOString().slice(0, 10);
}

export interface MapParams {
  date: string;
  view: MapView;
  layers: LayerVisibility;
  base: string | null;
  /** The selected job's map id. */
  job: string | null;
}

/** `lat=52.52000&lng=13.40500&z=11` ↔ a view. */
function parseView(search: URLSearchParams): MapView | null {
  const [lat, lng, zoom] = ['lat', 'lng', 'z'].map((key) => Number(search.get(key) ?? Number.NaN));
  if (lat === undefined || lng === undefined || zoom === undefined) return null;
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && zoom >= 1 && zoom <= 19)) return null;
  return { center: { lat, lng }, zoom: Math.round(zoom) };
}

function parseLayers(value: string | null): LayerVisibility {
  if (value === null) return defaultLayers;
  const on = new Set(value.split(','));
  return Object.fromEntries(overlayKeys.map((k) => [k, on.has(k)])) as LayerVisibility;
}

function writeMap(patch: Partial<MapParams>, set: SetParam) {
  if (patch.date !== undefined) set('date', patch.date);
  if (patch.view !== undefined) {
    set('lat', patch.view.center.lat.toFixed(5));
    set('lng', patch.view.center.lng.toFixed(5));
    set('z', String(patch.view.zoom));
  }
  if (patch.layers !== undefined) {
    set('show', overlayKeys.filter((k: OverlayKey) => patch.layers?.[k]).join(','));
  }
  if (patch.base !== undefined) set('base', patch.base);
  if (patch.job !== undefined) set('job', patch.job);
}

/**
 * The map screen's state in the URL (`?date=…&lat=…&lng=…&z=…&show=jobs,areas&base=…&job=…`), so
 * reload, back/forward and shared links keep it. Panning replaces the history entry; a new date,
 * layer or selection adds one.
 */
export function useMapParams(zone: string, settings: MapSettings) {
  const { search, update } = useSearchState(writeMap);
  const params = useMemo<MapParams>(() => {
    const date = search.get('date');
    return {
      date: date && parseDateOnly(date) !== null ? date : todayIn(zone),
      // Phones show less: start one zoom level out, so the same area fits.
      view: parseView(search) ?? { center: settings.center, zoom: Math.max(1, settings.zoom - (narrow() ? 1 : 0)) },
      layers: parseLayers(search.get('show')),
      base: search.get('base'),
      job: search.get('job'),
    };
  }, [search, zone, settings]);

  return { params, update };
}
