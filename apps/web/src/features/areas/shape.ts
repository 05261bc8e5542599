import { type AreaGeometry, type Position, vertexCount } from '@fieldplan/shared';
import L from 'leaflet';
import { formatCount, formatDistance } from '../../lib/format';
import { t } from '../../lib/i18n';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** A drawn or edited Leaflet shape as the geometry the API stores (6 decimals ≈ 0.1 m). */
export function layerToGeometry(layer: L.Layer): AreaGeometry | null {
  if (layer instanceof L.Circle) {
    const c = layer.getLatLng();
    return {
      type: 'Circle',
      center: { lat: round6(c.lat), lng: round6(c.lng) },
      radiusM: Math.round(layer.getRadius()),
    };
  }
  if (layer instanceof L.Polygon) {
    const geo = layer.toGeoJSON(6).geometry;
    if (geo.type === 'Polygon') return { type: 'Polygon', coordinates: geo.coordinates as Position[][] };
    if (geo.type === 'MultiPolygon') return { type: 'MultiPolygon', coordinates: geo.coordinates as Position[][][] };
  }
  return null;
}

/** "Polygon · 12 vertices", "Circle · 6.0 km radius". */
export function describeShape(geometry: AreaGeometry): string {
  if (geometry.type === 'Circle') return t({ id: 'areas.shape.circle' }, { radius: formatDistance(geometry.radiusM) });
  const count = vertexCount(geometry);
  const vertices = formatCount(count);
  if (geometry.type === 'MultiPolygon')
    return t({ id: 'areas.shape.multiPolygon' }, { polygons: geometry.coordinates.length, count, vertices });
  return t({ id: 'areas.shape.polygon' }, { count, vertices });
}
