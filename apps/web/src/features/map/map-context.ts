import L from 'leaflet';
import { createContext, useContext } from 'react';
import { getOrAdd } from '../../lib/get-or-add';
import { lightTheme, type MapTheme } from './glyphs';

/**
 * Our panes (z-index). Everything interactive — areas, routes, points — is drawn on ONE canvas in
 * the `vectors` pane: a canvas takes every mouse event over its whole area, so a second canvas or
 * SVG below it would never be hovered or clicked. The offline base map lies below, inert.
 */
export const panes = {
  base: ['fp-base', 150],
  vectors: ['fp-vectors', 450],
} as const;
export type PaneName = keyof typeof panes;

/** The pane's name, creating it on first use (layers may mount in any order). */
export function ensurePane(map: L.Map, name: PaneName): string {
  const [id, z] = panes[name];
  if (!map.getPane(id)) {
    const pane = map.createPane(id);
    pane.style.zIndex = String(z);
    if (name === 'base') pane.style.pointerEvents = 'none';
  }
  return id;
}

const renderers = new WeakMap<L.Map, Map<string, L.Canvas>>();

/** One canvas renderer per pane and map: every shape of a pane is drawn on one <canvas>. */
export function canvasFor(map: L.Map, name: PaneName = 'vectors'): L.Canvas {
  const byPane = getOrAdd(renderers, map, () => new Map<string, L.Canvas>());
  return getOrAdd(byPane, name, () => L.canvas({ pane: ensurePane(map, name), padding: 0.1, tolerance: 3 }));
}

/** Shapes that must stay under the points on the shared canvas, bottom first. */
const stacks = new WeakMap<L.Map, { areas: L.Path[]; routes: L.Path[] }>();

/**
 * Records a group's shapes and restores the drawing order on the shared canvas: areas at the
 * bottom, routes above them, points (never moved back) on top.
 */
export function restack(map: L.Map, kind: 'areas' | 'routes', shapes: L.Path[]): void {
  const stack = getOrAdd(stacks, map, () => ({ areas: [], routes: [] }));
  stack[kind] = shapes;
  for (const shape of [...stack.routes].reverse()) if (map.hasLayer(shape)) shape.bringToBack();
  for (const shape of [...stack.areas].reverse()) if (map.hasLayer(shape)) shape.bringToBack();
}

/** Stacks a layer's shapes (drawn in `group`); the cleanup it returns takes them off the map and the stack. */
export function stackShapes(map: L.Map, kind: 'areas' | 'routes', group: L.LayerGroup, shapes: L.Path[]): () => void {
  restack(map, kind, shapes);
  return () => {
    group.remove();
    restack(map, kind, []);
  };
}

export interface FieldMapContextValue {
  theme: MapTheme;
  /** The workspace's IANA zone: tooltips show times there. */
  zone: string;
}

export const FieldMapContext = createContext<FieldMapContextValue>({ theme: lightTheme, zone: 'UTC' });
export const useFieldMapContext = () => useContext(FieldMapContext);
