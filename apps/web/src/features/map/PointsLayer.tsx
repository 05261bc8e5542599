import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { packPoints } from './cluster-core';
import { createPointIndex, type PointIndex } from './cluster-index';
import { clusterTooltip } from './content';
import { GlyphMarker } from './glyph-marker';
import type { Glyph } from './glyphs';
import { gridBins } from './grid-bins';
import { canvasFor, useFieldMapContext } from './map-context';

/** Above this many points they are clustered (below it every point is drawn). */
export const clusterThreshold = 300;

export interface PointsLayerProps<T extends { lat: number; lng: number }> {
  items: readonly T[];
  keyOf: (item: T) => string;
  glyphOf: (item: T) => Glyph;
  tooltipOf: (item: T) => HTMLElement;
  /** Clusters whose points all share a group take its colour (a technician's). */
  groupOf?: (item: T) => string | null;
  /** What a cluster holds, for its tooltip ("jobs"). */
  noun: string;
  /** false: never cluster; default: above `clusterThreshold`. */
  cluster?: boolean;
  /** false: drawn only (no hover, no click) — e.g. a highlight drawn over the real point. */
  interactive?: boolean;
  onClick?: (item: T) => void;
  onHover?: (item: T | null) => void;
  /** Changes when hover, selection or the theme change how points look (restyles without rebuilding). */
  styleKey?: unknown;
}

interface Shown<T> {
  item: T;
  marker: GlyphMarker;
}

/**
 * Points on a canvas (GlyphMarker), clustered with supercluster when there are many: only the
 * clusters and points of the current view exist as layers, so 100,000 sites cost a few hundred.
 */
export function PointsLayer<T extends { lat: number; lng: number }>(props: PointsLayerProps<T>) {
  const map = useMap();
  const { theme } = useFieldMapContext();
  const latest = useRef({ props, theme });
  latest.current = { props, theme };
  const state = useRef<{ group: L.LayerGroup; shown: Map<string, Shown<T>>; clusters: L.Layer[] } | null>(null);
  const { items, cluster, styleKey, interactive = true } = props;

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    state.current = { group, shown: new Map(), clusters: [] };
    return () => {
      group.remove();
      state.current = null;
    };
  }, [map]);

  useEffect(() => {
    const s = state.current;
    if (!s) return;
    const renderer = canvasFor(map);
    let index: PointIndex | null = null;
    let cancelled = false;
    const useClusters = cluster ?? items.length > clusterThreshold;
    let generation = 0;

    const pointMarker = (item: T) => {
      const { props: p, theme: t } = latest.current;
      const marker = new GlyphMarker([item.lat, item.lng], p.glyphOf(item), t, {
        renderer,
        pane: renderer.options.pane,
        interactive,
      });
      if (!interactive) return marker;
      marker.on('mouseover', () => {
        const cur = latest.current.props;
        if (!marker.getTooltip()) marker.bindTooltip(cur.tooltipOf(item), { direction: 'top', offset: [0, -10] });
        marker.openTooltip();
        cur.onHover?.(item);
      });
      marker.on('mouseout', () => latest.current.props.onHover?.(null));
      marker.on('click', () => latest.current.props.onClick?.(item));
      return marker;
    };

    /** Shows exactly `visible` (reusing markers by key) and the given clusters. */
    const show = (visible: T[], clusters: L.Layer[]) => {
      const keyOf = latest.current.props.keyOf;
      const next = new Map<string, Shown<T>>();
      for (const item of visible) {
        const key = keyOf(item);
        const old = s.shown.get(key);
        if (old && old.item === item) {
          next.set(key, old);
          s.shown.delete(key);
        } else {
          next.set(key, { item, marker: pointMarker(item).addTo(s.group) });
        }
      }
      for (const { marker } of s.shown.values()) marker.remove();
      for (const layer of s.clusters) layer.remove();
      for (const layer of clusters) layer.addTo(s.group);
      s.shown = next;
      s.clusters = clusters;
      // For benchmarks and tests: what this layer now draws.
      map.getContainer().dispatchEvent(
        new CustomEvent('fieldmap:drawn', {
          bubbles: true,
          detail: { points: next.size, clusters: clusters.length },
        }),
      );
    };

    /** A cluster; a click zooms to where it splits (`zoomTo` answers that zoom). */
    const clusterMarker = (
      at: [number, number],
      count: number,
      colour: string | null,
      zoomTo: () => Promise<number>,
    ) => {
      const marker = new GlyphMarker(at, { kind: 'cluster', count, colour }, latest.current.theme, {
        renderer,
        pane: renderer.options.pane,
      });
      // Tooltips are built on first hover: a view can hold hundreds of clusters.
      marker.on('mouseover', () => {
        if (!marker.getTooltip()) {
          marker.bindTooltip(clusterTooltip(count, latest.current.props.noun), { direction: 'top', offset: [0, -14] });
        }
        marker.openTooltip();
      });
      marker.on('click', async () => {
        map.flyTo(at, Math.min(await zoomTo(), map.getMaxZoom()), { duration: 0.4 });
      });
      return marker;
    };

    const packed = useClusters ? packPoints(items, latest.current.props.groupOf) : null;

    /** While the index is being built: the view's points binned on a grid, drawn at once. */
    const provisional = () => {
      if (!packed) return;
      const b = map.getBounds().pad(0.25);
      const size = map.getSize().multiplyBy(1.5);
      const box = { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
      const visible: T[] = [];
      const clusters: L.Layer[] = [];
      for (const bin of gridBins(packed.coords, packed.groupIds, { ...box, width: size.x, height: size.y })) {
        if (bin.count < 3) {
          for (const i of bin.members) if (items[i]) visible.push(items[i] as T);
          continue;
        }
        const colour = packed.groups[bin.group] ?? null;
        clusters.push(clusterMarker([bin.lat, bin.lng], bin.count, colour, async () => map.getZoom() + 2));
      }
      show(visible, clusters);
    };

    const refresh = async () => {
      if (!packed) return show([...items], []);
      if (!index) return provisional();
      const mine = ++generation;
      const b = map.getBounds().pad(0.15);
      const bbox: [number, number, number, number] = [
        Math.max(-180, b.getWest()),
        Math.max(-85, b.getSouth()),
        Math.min(180, b.getEast()),
        Math.min(85, b.getNorth()),
      ];
      const built = index;
      const answer = await built.query(bbox, map.getZoom());
      if (cancelled || mine !== generation) return;
      const visible: T[] = [];
      const clusters: L.Layer[] = [];
      for (let o = 0, c = 0; o < answer.packed.length; o += 5) {
        const [kind, id = 0, lng = 0, lat = 0, count = 0] = answer.packed.subarray(o, o + 5);
        if (kind === 0) {
          const item = items[id];
          if (item) visible.push(item);
          continue;
        }
        const colour = packed.groups[answer.clusterGroups[c++] ?? -1] ?? null;
        clusters.push(clusterMarker([lat, lng], count, colour, () => built.expansionZoom(id)));
      }
      show(visible, clusters);
    };

    void refresh();
    if (packed) {
      // Built off the main thread for large sets; the grid stands in until then.
      void createPointIndex({ coords: packed.coords, groups: packed.groupIds }).then((built) => {
        if (cancelled) return built.destroy();
        index = built;
        void refresh();
      });
    }
    const onMove = () => void refresh();
    if (packed) map.on('moveend', onMove);
    return () => {
      cancelled = true;
      map.off('moveend', onMove);
      index?.destroy();
    };
  }, [map, items, cluster, interactive]);

  // Hover, selection and theme: restyle what is shown, nothing rebuilt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: styleKey is the signal that glyphOf's answers changed.
  useEffect(() => {
    const s = state.current;
    if (!s) return;
    const { props: p, theme: t } = latest.current;
    for (const { item, marker } of s.shown.values()) marker.setGlyph(p.glyphOf(item), t);
  }, [styleKey, theme]);

  return null;
}
