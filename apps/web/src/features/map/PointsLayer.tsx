import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { deepestZoom, expandAction, packPoints } from './cluster-core';
import { ClusterFocus, type FocusCluster } from './cluster-focus';
import { createPointIndex, type PointIndex } from './cluster-index';
import { clusterMarker, spreadPositions } from './cluster-marker';
import { GlyphMarker } from './glyph-marker';
import type { Glyph } from './glyphs';
import { gridBins } from './grid-bins';
import { canvasFor, useFieldMapContext } from './map-context';

export interface PointsLayerProps<T extends { lat: number; lng: number }> {
  items: readonly T[];
  keyOf: (item: T) => string;
  glyphOf: (item: T) => Glyph;
  tooltipOf: (item: T) => HTMLElement;
  /** Clusters whose points all share a group take its colour (a technician's). */
  groupOf?: (item: T) => string | null;
  /** What a cluster holds in words with its count, for its tooltip and label ("12 jobs"). */
  counted: (count: number) => string;
  /** false: never cluster; default: markers that would overlap at the current zoom are clustered. */
  cluster?: boolean;
  /** false: drawn only (no hover, no click) — e.g. a highlight drawn over the real point. */
  interactive?: boolean;
  onClick?: (item: T) => void;
  onHover?: (item: T | null) => void;
  /** Changes when hover, selection or the theme change how points look (restyles without rebuilding). */
  styleKey?: unknown;
}

/** A cluster drawn, and how the keyboard reaches it. */
interface ShownCluster extends FocusCluster {
  layer: L.Layer;
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
  const state = useRef<{
    group: L.LayerGroup;
    shown: Map<string, Shown<T>>;
    clusters: ShownCluster[];
    focus: ClusterFocus;
  } | null>(null);
  const { items, cluster, styleKey, interactive = true } = props;

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    const focus = new ClusterFocus(map, (count) => latest.current.props.counted(count));
    state.current = { group, shown: new Map(), clusters: [], focus };
    return () => {
      group.remove();
      focus.remove();
      state.current = null;
    };
  }, [map]);

  useEffect(() => {
    const s = state.current;
    if (!s) return;
    const renderer = canvasFor(map);
    let index: PointIndex | null = null;
    let cancelled = false;
    const useClusters = cluster ?? true;
    let generation = 0;
    /** A cluster spread out at the deepest zoom (until the view moves). */
    let spread: L.LayerGroup | null = null;

    const pointMarker = (item: T, at: L.LatLngExpression = [item.lat, item.lng]) => {
      const { props: p, theme: t } = latest.current;
      const marker = new GlyphMarker(at, p.glyphOf(item), t, {
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
    const show = (visible: T[], clusters: ShownCluster[]) => {
      spread?.remove();
      spread = null;
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
      for (const { layer } of s.clusters) layer.remove();
      for (const { layer } of clusters) layer.addTo(s.group);
      s.shown = next;
      s.clusters = clusters;
      const view = map.getBounds();
      s.focus.set(clusters.filter((c) => view.contains(c.at)));
      // For benchmarks and tests: what this layer now draws.
      map.getContainer().dispatchEvent(
        new CustomEvent('fieldmap:drawn', {
          bubbles: true,
          detail: { points: next.size, clusters: clusters.length },
        }),
      );
    };

    /** Draws a cluster's sites around it, each with a leg to the centre, in place of the cluster. */
    const spreadOut = (at: L.LatLng, members: T[], cluster: L.Layer) => {
      spread?.remove();
      const { positions, legs } = spreadPositions(map, at, members.length);
      spread = L.layerGroup([...legs, ...members.map((item, k) => pointMarker(item, positions[k] ?? at))]);
      cluster.remove();
      spread.addTo(s.group);
      const view = map.getBounds();
      s.focus.set(s.clusters.filter((c) => c.layer !== cluster && view.contains(c.at)));
      map
        .getContainer()
        .dispatchEvent(new CustomEvent('fieldmap:spread', { bubbles: true, detail: { points: members.length } }));
    };

    /**
     * A cluster; a click or Enter zooms to where it splits (`zoomTo` answers that zoom), or at the
     * deepest zoom spreads its sites (`leavesOf` answers which) around it.
     */
    const clusterAt = (
      at: [number, number],
      count: number,
      colour: string | null,
      zoomTo: () => Promise<number>,
      leavesOf: (() => Promise<number[]>) | null,
    ): ShownCluster => {
      const expand = async () => {
        const maxZoom = Math.min(map.getMaxZoom(), deepestZoom);
        const action = expandAction(await zoomTo(), map.getZoom(), maxZoom);
        if (action.kind === 'zoom' || !leavesOf) {
          map.flyTo(at, Math.min(action.kind === 'zoom' ? action.zoom : maxZoom, maxZoom), { duration: 0.4 });
          return;
        }
        const members = (await leavesOf()).flatMap((i) => (items[i] ? [items[i] as T] : []));
        if (!cancelled) spreadOut(L.latLng(at), members, marker);
      };
      const counted = latest.current.props.counted(count);
      const marker = clusterMarker(at, count, colour, counted, latest.current.theme, renderer, () => void expand());
      return { layer: marker, at: L.latLng(at), count, expand: () => void expand() };
    };

    const packed = useClusters ? packPoints(items, latest.current.props.groupOf) : null;

    /** While the index is being built: the view's points binned on a grid, drawn at once. */
    const provisional = () => {
      if (!packed) return;
      const b = map.getBounds().pad(0.25);
      const size = map.getSize().multiplyBy(1.5);
      const box = { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
      const visible: T[] = [];
      const clusters: ShownCluster[] = [];
      for (const bin of gridBins(packed.coords, packed.groupIds, { ...box, width: size.x, height: size.y })) {
        if (bin.count < 3) {
          for (const i of bin.members) if (items[i]) visible.push(items[i] as T);
          continue;
        }
        const colour = packed.groups[bin.group] ?? null;
        clusters.push(clusterAt([bin.lat, bin.lng], bin.count, colour, async () => map.getZoom() + 2, null));
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
      const clusters: ShownCluster[] = [];
      for (let o = 0, c = 0; o < answer.packed.length; o += 5) {
        const [kind, id = 0, lng = 0, lat = 0, count = 0] = answer.packed.subarray(o, o + 5);
        if (kind === 0) {
          const item = items[id];
          if (item) visible.push(item);
          continue;
        }
        const colour = packed.groups[answer.clusterGroups[c++] ?? -1] ?? null;
        clusters.push(
          clusterAt(
            [lat, lng],
            count,
            colour,
            () => built.expansionZoom(id),
            () => built.leaves(id),
          ),
        );
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
      spread?.remove();
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
