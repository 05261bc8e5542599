import { type AreaGeometry, geometryBounds } from '@fieldplan/shared';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';

/** Fits the map to a shape whenever `fitKey` changes (an area chosen in a list). */
export function FitToGeometry({ geometry, fitKey }: { geometry: AreaGeometry | null; fitKey: string | null }) {
  const map = useMap();
  const latest = useRef(geometry);
  latest.current = geometry;
  useEffect(() => {
    const g = latest.current;
    if (!fitKey || !g) return;
    const b = geometryBounds(g);
    map.fitBounds(
      [
        [b.south, b.west],
        [b.north, b.east],
      ],
      { padding: [40, 40], maxZoom: 15 },
    );
  }, [map, fitKey]);
  return null;
}
