import { describe, expect, it } from 'vitest';
import {
  buildIndex,
  clusterLeaves,
  deepestZoom,
  expandAction,
  overlapPx,
  packPoints,
  queryIndex,
  spreadOffsets,
} from './cluster-core';

/** Degrees of longitude that are `px` screen pixels at `zoom` (Leaflet's 256-px tiles). */
const lngOfPx = (px: number, zoom: number) => (px / (256 * 2 ** zoom)) * 360;

/** What a view at `zoom` draws for points on the equator `px` apart: clusters with counts, points. */
function drawnAt(pxApart: number[], zoom: number) {
  let lng = 10;
  const sites = [{ lat: 0, lng }];
  for (const px of pxApart) {
    lng += lngOfPx(px, zoom);
    sites.push({ lat: 0, lng });
  }
  const packed = packPoints(sites);
  const index = buildIndex({ coords: packed.coords, groups: packed.groupIds });
  const answer = queryIndex(index, [-180, -85, 180, 85], zoom);
  const clusters: { id: number; count: number }[] = [];
  let points = 0;
  for (let o = 0; o < answer.packed.length; o += 5) {
    if (answer.packed[o] === 1) clusters.push({ id: answer.packed[o + 1] ?? 0, count: answer.packed[o + 4] ?? 0 });
    else points += 1;
  }
  return { index, clusters, points };
}

describe('clustering by overlap on screen', () => {
  it('clusters two markers closer than the overlap distance, at any zoom and however few', () => {
    for (const zoom of [3, 6, 12, 16]) {
      const { clusters, points } = drawnAt([overlapPx - 2], zoom);
      expect(clusters.map((c) => c.count)).toEqual([2]);
      expect(points).toBe(0);
    }
  });

  it('draws markers farther apart than that as separate points', () => {
    for (const zoom of [3, 6, 12, 16]) {
      const { clusters, points } = drawnAt([overlapPx + 2], zoom);
      expect(clusters).toEqual([]);
      expect(points).toBe(2);
    }
  });

  it('reads a fractional zoom as the level below, so markers overlapping on screen are still clustered', () => {
    // 20 px apart at zoom 6.75 are ~12 px apart at zoom 6.
    const sites = [
      { lat: 0, lng: 10 },
      { lat: 0, lng: 10 + lngOfPx(20, 6.75) },
    ];
    const packed = packPoints(sites);
    const index = buildIndex({ coords: packed.coords, groups: packed.groupIds });
    expect(queryIndex(index, [-180, -85, 180, 85], 6.75).packed[0]).toBe(1);
  });

  it('counts every overlapping marker of a dense spot in one cluster', () => {
    const { clusters } = drawnAt(
      Array.from({ length: 179 }, () => 0.05),
      6,
    );
    expect(clusters.map((c) => c.count)).toEqual([180]);
  });

  it('keeps clustering markers at one address down to the deepest zoom, where a click spreads them out', () => {
    const { index, clusters } = drawnAt([0, 0], deepestZoom);
    expect(clusters.map((c) => c.count)).toEqual([3]);
    const cluster = clusters[0];
    if (!cluster) throw new Error('no cluster');
    const expansion = index.getClusterExpansionZoom(cluster.id);
    expect(expandAction(expansion, deepestZoom, deepestZoom)).toEqual({ kind: 'spread' });
    expect(clusterLeaves(index, cluster.id).sort()).toEqual([0, 1, 2]);
  });

  it('zooms in to where a cluster splits while the map can go deeper', () => {
    const { index, clusters } = drawnAt([overlapPx - 2], 6);
    const expansion = index.getClusterExpansionZoom(clusters[0]?.id ?? -1);
    expect(expandAction(expansion, 6, deepestZoom)).toEqual({ kind: 'zoom', zoom: 7 });
    expect(expandAction(12, deepestZoom, deepestZoom)).toEqual({ kind: 'spread' });
  });
});

describe('spreadOffsets', () => {
  it('puts spread-out markers at least the overlap distance apart', () => {
    for (const n of [2, 3, 8, 40]) {
      const offsets = spreadOffsets(n);
      expect(offsets).toHaveLength(n);
      for (let i = 0; i < n; i++) {
        const [ax = 0, ay = 0] = offsets[i] ?? [];
        const [bx = 0, by = 0] = offsets[(i + 1) % n] ?? [];
        expect(Math.hypot(ax - bx, ay - by)).toBeGreaterThanOrEqual(overlapPx - 0.01);
      }
    }
  });
});
