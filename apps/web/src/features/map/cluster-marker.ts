import L from 'leaflet';
import { spreadOffsets } from './cluster-core';
import { clusterTooltip } from './content';
import { countLabel, glyphRadius, ink } from './glyphs';

/**
 * A cluster as a DOM marker: a round button showing its count, reached with Tab and opened with
 * Enter or Space as well as a click (a canvas glyph can't take focus). Only the view's clusters
 * exist, a few dozen to a few hundred.
 */
export function clusterMarker(
  at: L.LatLngExpression,
  count: number,
  colour: string | null,
  noun: string,
  onExpand: () => void,
): L.Marker {
  const size = 2 * glyphRadius({ kind: 'cluster', count, colour });
  const icon = L.divIcon({ className: 'fm-cluster', html: '', iconSize: [size, size] });
  const marker = L.marker(at, { icon, keyboard: true, riseOnHover: true });
  marker.on('add', () => {
    const el = marker.getElement();
    if (!el) return;
    // The count is a number we format, never user text.
    el.textContent = countLabel(count);
    el.setAttribute('aria-label', `${count.toLocaleString()} ${noun}: zoom in`);
    if (colour) {
      el.style.setProperty('--fm-cluster-fill', colour);
      el.style.setProperty('--fm-cluster-ink', ink(colour));
    }
    el.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      onExpand();
    });
  });
  marker.on('mouseover', () => {
    if (!marker.getTooltip())
      marker.bindTooltip(clusterTooltip(count, noun), { direction: 'top', offset: [0, -size / 2] });
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
