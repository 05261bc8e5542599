import type { PlaceLabelsQuery } from '@fieldplan/shared';
import L from 'leaflet';
import { useEffect, useState } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { usePlaceLabelsQuery } from '../../entities/place/endpoints';
import './OfflineLabels.css';

/** The view's box rounded outwards to a grid that grows with the view, so panning a little reuses answers. */
function roundedBox(map: L.Map): PlaceLabelsQuery {
  const b = map.getBounds();
  const step = Math.max(0.01, (b.getNorth() - b.getSouth()) / 4);
  const down = (v: number) => Math.floor(v / step) * step;
  const up = (v: number) => Math.ceil(v / step) * step;
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, Number(v.toFixed(4))));
  return {
    south: clamp(down(b.getSouth()), 90),
    west: clamp(down(b.getWest()), 180),
    north: clamp(up(b.getNorth()), 90),
    east: clamp(up(b.getEast()), 180),
  };
}

const labelClass = (population: number) =>
  population >= 1_000_000 ? 'fm-place fm-place-major' : population >= 100_000 ? 'fm-place fm-place-town' : 'fm-place';

/** Names of towns and districts on the offline base map (from the server's GeoNames cities). */
export function OfflineLabels() {
  const map = useMap();
  const [box, setBox] = useState(() => roundedBox(map));
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({
    moveend: () => {
      setBox(roundedBox(map));
      setZoom(map.getZoom());
    },
  });
  const { data } = usePlaceLabelsQuery(box);

  // Collisions depend on the zoom: names are placed again when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: zoom is that signal
  useEffect(() => {
    if (!data) return;
    if (!map.getPane('fp-labels')) {
      const pane = map.createPane('fp-labels');
      pane.style.zIndex = '370';
      pane.style.pointerEvents = 'none';
    }
    const group = L.layerGroup();
    // Largest first; a name that would overlap one already placed is left out.
    const placed: L.Bounds[] = [];
    for (const place of [...data].sort((a, b) => b.population - a.population)) {
      const at = map.latLngToLayerPoint([place.lat, place.lng]);
      const half = L.point(place.name.length * 3.6 + 6, 10);
      const box = L.bounds(at.subtract(half), at.add(half));
      if (placed.some((other) => other.intersects(box))) continue;
      placed.push(box);
      const text = document.createElement('span');
      text.textContent = place.name;
      L.marker([place.lat, place.lng], {
        pane: 'fp-labels',
        interactive: false,
        keyboard: false,
        // A zero-size icon: the name is centred on the point by CSS.
        icon: L.divIcon({ className: labelClass(place.population), html: text, iconSize: [0, 0] }),
      }).addTo(group);
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, data, zoom]);
  return null;
}
