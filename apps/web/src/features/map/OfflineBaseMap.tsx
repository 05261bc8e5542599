import type { GeoJsonObject } from 'geojson';
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { nextTask } from '../../lib/next-task';
import { canvasFor } from './map-context';
import { OfflineLabels } from './OfflineLabels';
import { loadOfflineWorld, piecesOf } from './offline-world';

export interface OfflinePalette {
  land: string;
  border: string;
  coast: string;
}

export const offlinePalettes: Record<'light' | 'dark', OfflinePalette> = {
  light: { land: '#f4f3ef', border: '#b9c0c9', coast: '#9fb0c2' },
  dark: { land: '#1b2028', border: '#3b4553', coast: '#4b6079' },
};

/**
 * The built-in base map: land, coastlines and borders drawn as vectors on a canvas, for when tile
 * servers can't be reached (or it is chosen). Water is the map container's background colour.
 */
export function OfflineBaseMap({ palette, labels = true }: { palette: OfflinePalette; labels?: boolean }) {
  const map = useMap();
  useEffect(() => {
    let cancelled = false;
    const group = L.layerGroup();
    const renderer = canvasFor(map, 'base');
    const attribution = 'Natural Earth';
    map.attributionControl?.addAttribution(attribution);
    group.addTo(map);
    void loadOfflineWorld()
      .then(async (world) => {
        const common = { renderer, interactive: false, smoothFactor: 1.2 };
        const layers: [GeoJsonObject, L.PathOptions][] = [
          [world.land, { stroke: false, fillColor: palette.land, fillOpacity: 1 }],
          [world.coast, { color: palette.coast, weight: 1.2, fill: false }],
          [world.borders, { color: palette.border, weight: 1, dashArray: '4 3', fill: false }],
        ];
        // Projecting the world's ≈ 100,000 points onto the map is a long task in one go (≈ 100 ms,
        // several times that on a loaded machine, beside the board's first screen): a few thousand
        // points a task instead, in idle time. The pieces draw on one canvas, the same picture.
        for (const [shape, style] of layers) {
          for (const piece of piecesOf(shape)) {
            await nextTask();
            if (cancelled) return;
            L.geoJSON(piece, { ...common, style }).addTo(group);
          }
        }
      })
      .catch(() => {
        // Without the data the map still shows its shapes and markers on the water colour.
      });
    return () => {
      cancelled = true;
      group.remove();
      map.attributionControl?.removeAttribution(attribution);
    };
  }, [map, palette]);
  return labels ? <OfflineLabels /> : null;
}
