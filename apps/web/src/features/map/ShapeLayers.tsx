import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { formatDistance, formatDuration } from '../../lib/format';
import { t } from '../../lib/i18n';
import { travelTitle } from '../calendar';
import { areaTooltip } from './content';
import { tint } from './glyphs';
import { canvasFor, stackShapes, useFieldMapContext } from './map-context';
import type { MapArea, MapRoute } from './types';

/** Leaflet lat/lng rings of a GeoJSON polygon (GeoJSON is [lng, lat]; the closing position dropped). */
export function polygonLatLngs(rings: [number, number][][]): L.LatLngExpression[][] {
  return rings.map((ring) => ring.slice(0, -1).map(([lng, lat]) => [lat, lng] as L.LatLngTuple));
}

/** The Leaflet layer of an area's shape (a circle, or a polygon with holes / several polygons). */
export function areaShape(area: MapArea, options: L.PathOptions): L.Path {
  const g = area.geometry;
  if (g.type === 'Circle') return L.circle([g.center.lat, g.center.lng], { ...options, radius: g.radiusM });
  const latlngs = g.type === 'Polygon' ? polygonLatLngs(g.coordinates) : g.coordinates.map(polygonLatLngs);
  return L.polygon(latlngs as L.LatLngExpression[][], options);
}

/** An area's look; on the dark map its outline and fill are lightened so they still stand out. */
export const areaStyle = (colour: string, dark = false): L.PathOptions => ({
  color: dark ? tint(colour, 0.45) : colour,
  weight: 2,
  opacity: 0.9,
  fillColor: dark ? tint(colour, 0.25) : colour,
  fillOpacity: dark ? 0.14 : 0.1,
});

/**
 * Service areas as outlined, lightly filled shapes. With `onSelect` (the areas editor) they are
 * interactive: named on hover, chosen with a click; otherwise they are only drawn.
 */
export function AreasLayer({
  areas,
  onSelect,
}: {
  areas: readonly MapArea[];
  onSelect?: ((id: string) => void) | undefined;
}) {
  const map = useMap();
  const { dark } = useFieldMapContext().theme;
  const select = useRef(onSelect);
  select.current = onSelect;
  const interactive = onSelect !== undefined;
  useEffect(() => {
    const renderer = canvasFor(map);
    const group = L.layerGroup().addTo(map);
    const shapes = areas.map((area) => {
      const shape = areaShape(area, { ...areaStyle(area.colour, dark), renderer, interactive }).addTo(group);
      if (interactive) {
        shape.bindTooltip(areaTooltip(area), { sticky: true, direction: 'top', offset: [0, -8] });
        shape.on('click', () => select.current?.(area.id));
      }
      return shape;
    });
    return stackShapes(map, 'areas', group, shapes);
  }, [map, areas, interactive, dark]);
  return null;
}

/** A tooltip of a title line and a detail line, as text. */
function tipNodes(titleText: string, detail: string, className = 'fm-tip'): HTMLElement {
  const tip = document.createElement('div');
  tip.className = className;
  const title = document.createElement('strong');
  title.className = 'fm-tip-title';
  title.textContent = titleText;
  const line = document.createElement('span');
  line.className = 'fm-tip-line';
  line.textContent = detail;
  tip.append(title, line);
  return tip;
}

/** What a route's tooltip says: stops, then the drive when priced, and the distance. */
export function routeSummary(route: MapRoute): string {
  const count = route.jobIds.length;
  if (!route.travel) return t({ id: 'map.route.summary' }, { count, distance: formatDistance(route.distanceM) });
  const { driveMinutes, distanceKm } = route.travel;
  return t(
    { id: 'map.route.summaryWithDrive' },
    { count, drive: formatDuration(driveMinutes * 60), distance: formatDistance(distanceKm * 1000) },
  );
}

/**
 * Routes of the day: a line per technician in their colour, over a casing in the surface colour so
 * it reads on any map; a drive too short for the time between its visits dashed in the warning
 * colour on top, with a tooltip saying both times.
 */
export function RoutesLayer({ routes }: { routes: readonly MapRoute[] }) {
  const map = useMap();
  const { theme } = useFieldMapContext();
  const casing = theme.surface;
  const warning = theme.warning;
  useEffect(() => {
    const renderer = canvasFor(map);
    const group = L.layerGroup().addTo(map);
    const shapes: L.Path[] = [];
    for (const route of routes) {
      if (route.points.length < 2) continue;
      const latlngs = route.points.map((p) => [p.lat, p.lng] as L.LatLngTuple);
      shapes.push(
        L.polyline(latlngs, { renderer, color: casing, weight: 6, opacity: 0.55, interactive: false }).addTo(group),
      );
      const line = L.polyline(latlngs, { renderer, color: route.colour, weight: 3, opacity: 0.85, lineJoin: 'round' });
      shapes.push(line.bindTooltip(tipNodes(route.name, routeSummary(route)), { sticky: true }).addTo(group));
      for (const drive of route.travel?.flagged ?? []) {
        const ends: L.LatLngTuple[] = [
          [drive.from.lat, drive.from.lng],
          [drive.to.lat, drive.to.lng],
        ];
        shapes.push(
          L.polyline(ends, { renderer, color: casing, weight: 6, opacity: 0.7, interactive: false }).addTo(group),
        );
        const flagged = L.polyline(ends, { renderer, color: warning, weight: 3, opacity: 0.95, dashArray: '7 6' });
        const text = travelTitle({ ...drive, tooShort: true });
        shapes.push(
          flagged
            .bindTooltip(tipNodes(t({ id: 'map.route.tooShort' }, { name: route.name }), text, 'fm-tip fm-tip-short'), {
              sticky: true,
            })
            .addTo(group),
        );
      }
    }
    return stackShapes(map, 'routes', group, shapes);
  }, [map, routes, casing, warning]);
  return null;
}
