import L from 'leaflet';
import { spreadOffsets } from './cluster-core';
import { clusterTooltip } from './content';
import { GlyphMarker } from './glyph-marker';
import type { MapTheme } from './glyphs';

/**
 * A cluster drawn on the layer's canvas with its count (hundreds in a view cost no DOM); a click
 * calls `onExpand`. Keyboard users reach it through the layer's `ClusterFocus`.
 */
export function clusterMarker(
  at: L.LatLngExpression,
  count: number,
  colour: string | null,
  /** Its sites in words with their count ("12 jobs"). */
  counted: string,
  theme: MapTheme,
  renderer: L.Canvas,
  onExpand: () => void,
): GlyphMarker {
  const marker = new GlyphMarker(at, { kind: 'cluster', count, colour }, theme, {
    renderer,
    pane: renderer.options.pane,
  });
  // Tooltips are built on first hover: a view can hold hundreds of clusters.
  marker.on('mouseover', () => {
    if (!marker.getTooltip()) marker.bindTooltip(clusterTooltip(counted), { direction: 'top', offset: [0, -14] });
    marker.openTooltip();
  });
  marker.on('click', onExpand);
  return marker;
}

/**
 * Where each of a cluster's sites goes when it is spread out around `at` (the deepest zoom, where
 * they still overlap): positions on a circle, and a leg from the centre to each.
 */
export function spreadPositions(map: L.Map, at: L.LatLng, n: number): { positions: L.LatLng[]; legs: L.Polyline[] } {
  const centre = map.latLngToLayerPoint(at);
  const positions = spreadOffsets(n).map(([dx, dy]) => map.layerPointToLatLng(centre.add([dx, dy])));
  const legs = positions.map((p) =>
    L.polyline([at, p], {
      className: 'fm-spread-leg',
      weight: 1.5,
      opacity: 0.7,
      color: '#64748b',
      interactive: false,
    }),
  );
  return { positions, legs };
}
