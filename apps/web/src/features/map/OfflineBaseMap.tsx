import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { canvasFor } from './map-context';
import { OfflineLabels } from './OfflineLabels';
import { loadOfflineWorld } from './offline-world';

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
    void loadOfflineWorld()
      .then((world) => {
        if (cancelled) return;
        const common = { renderer, interactive: false, smoothFactor: 1.2 };
        L.geoJSON(world.land, { ...common, style: { stroke: false, fillColor: palette.land, fillOpacity: 1 } }).addTo(
          group,
        );
        L.geoJSON(world.coast, { ...common, style: { color: palette.coast, weight: 1.2, fill: false } }).addTo(group);
        L.geoJSON(world.borders, {
          ...common,
          style: { color: palette.border, weight: 1, dashArray: '4 3', fill: false },
        }).addTo(group);
        group.addTo(map);
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
