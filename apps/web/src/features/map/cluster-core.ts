import Supercluster from 'supercluster';

// Supercluster on flat arrays, shared by the Web Worker and the main-thread fallback. A query's
// answer is packed as [kind, a, b, c, d] per item: a point is [0, index, 0, 0, 0], a cluster is
// [1, id, lng, lat, count]; colour groups travel as one small array beside it.

export interface ClusterInput {
  /** [lng0, lat0, lng1, lat1, …] */
  coords: Float64Array;
  /** Per point an index into `groups` (e.g. a technician colour), or -1. */
  groups: Int32Array;
}

export interface ClusterAnswer {
  packed: Float64Array;
  /** Per cluster (in order): its group when every point shares one, else -1. */
  clusterGroups: Int32Array;
}

/**
 * Two markers whose centres are closer than this on screen would overlap (a job pin is 18–22 px
 * across, plus its ring): they are drawn as one cluster at that zoom, however few there are.
 */
export const overlapPx = 28;

/** The deepest zoom the map offers (its tile layers' maxZoom). */
export const deepestZoom = 19;

// `extent: 256` makes supercluster's radius Leaflet's screen pixels (its default, 512, is for
// Mapbox GL's tiles and would halve it); clusters are kept down to the deepest zoom, where those
// still overlapping (same building) spread out on click instead of zooming further.
export const clusterOptions = { radius: overlapPx, extent: 256, maxZoom: deepestZoom, minPoints: 2 } as const;

type Props = { i: number };
type ClusterProps = { g: number };

export function buildIndex(input: ClusterInput): Supercluster<Props, ClusterProps> {
  const n = input.coords.length / 2;
  const features: Supercluster.PointFeature<Props>[] = new Array(n);
  for (let i = 0; i < n; i++) {
    features[i] = {
      type: 'Feature',
      properties: { i },
      geometry: { type: 'Point', coordinates: [input.coords[2 * i] ?? 0, input.coords[2 * i + 1] ?? 0] },
    };
  }
  return new Supercluster<Props, ClusterProps>({
    ...clusterOptions,
    map: (p) => ({ g: input.groups[p.i] ?? -1 }),
    reduce: (acc, p) => {
      if (acc.g !== p.g) acc.g = -1;
    },
  }).load(features);
}

export function queryIndex(
  index: Supercluster<Props, ClusterProps>,
  bbox: [number, number, number, number],
  zoom: number,
): ClusterAnswer {
  // A fractional zoom reads the whole level below it: markers closer than `overlapPx` on screen
  // are closer still there, so every overlapping pair is clustered.
  const features = index.getClusters(bbox, Math.floor(zoom));
  const packed = new Float64Array(features.length * 5);
  const groups: number[] = [];
  features.forEach((f, k) => {
    const o = k * 5;
    const props = f.properties as Partial<Supercluster.ClusterProperties> & Partial<Props> & Partial<ClusterProps>;
    if (props.cluster) {
      const [lng = 0, lat = 0] = f.geometry.coordinates;
      packed.set([1, props.cluster_id ?? 0, lng, lat, props.point_count ?? 0], o);
      groups.push(props.g ?? -1);
    } else {
      packed.set([0, props.i ?? 0, 0, 0, 0], o);
    }
  });
  return { packed, clusterGroups: Int32Array.from(groups) };
}

/** The indices (into the packed points) of every point a cluster holds. */
export function clusterLeaves(index: Supercluster<Props, ClusterProps>, clusterId: number): number[] {
  return index.getLeaves(clusterId, Number.POSITIVE_INFINITY).map((f) => f.properties.i);
}

/**
 * What a click (or Enter) on a cluster does: zoom in to where it splits, or — when that is past
 * the deepest zoom, or the map is already there — spread its sites out around it.
 */
export function expandAction(
  expansionZoom: number,
  zoom: number,
  maxZoom: number,
): { kind: 'zoom'; zoom: number } | { kind: 'spread' } {
  return expansionZoom > maxZoom || zoom >= maxZoom ? { kind: 'spread' } : { kind: 'zoom', zoom: expansionZoom };
}

/**
 * Screen offsets (px) for `n` markers spread around their cluster's centre: a circle wide enough
 * that neighbours don't overlap (`overlapPx` apart along it), starting at twelve o'clock.
 */
export function spreadOffsets(n: number, gap = overlapPx): [number, number][] {
  // Neighbours on a circle of radius R are 2R·sin(π/n) apart.
  const radius = n < 2 ? gap : Math.max(gap, gap / (2 * Math.sin(Math.PI / n)));
  return Array.from({ length: n }, (_, k) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * k) / n;
    return [radius * Math.cos(angle), radius * Math.sin(angle)];
  });
}

/** Points as flat arrays for an index, with each point's group (e.g. its technician colour) numbered. */
export function packPoints<T extends { lat: number; lng: number }>(
  items: readonly T[],
  groupOf?: (item: T) => string | null,
): { coords: Float64Array; groupIds: Int32Array; groups: string[] } {
  const groups: string[] = [];
  const byName = new Map<string, number>();
  const coords = new Float64Array(items.length * 2);
  const groupIds = new Int32Array(items.length);
  items.forEach((item, i) => {
    coords[2 * i] = item.lng;
    coords[2 * i + 1] = item.lat;
    const name = groupOf?.(item) ?? null;
    let g = name === null ? -1 : byName.get(name);
    if (g === undefined && name !== null) {
      g = groups.push(name) - 1;
      byName.set(name, g);
    }
    groupIds[i] = g ?? -1;
  });
  return { coords, groupIds, groups };
}
