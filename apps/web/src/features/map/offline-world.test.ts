import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Point } from 'geojson';
import { describe, expect, it } from 'vitest';
import { piecesOf } from './offline-world';

const line = (points: number): [number, number][] => Array.from({ length: points }, (_, i) => [i, i]);

describe('piecesOf', () => {
  it('splits a multi-line into pieces of whole lines, every line kept in order', () => {
    const lines = [line(5_000), line(5_000), line(2_000), line(9_000), line(10)];
    const pieces = piecesOf(
      { type: 'MultiLineString', coordinates: lines } as MultiLineString,
      8_000,
    ) as MultiLineString[];
    expect(pieces.map((p) => p.coordinates.length)).toEqual([1, 2, 1, 1]);
    expect(pieces.flatMap((p) => p.coordinates)).toEqual(lines);
  });

  it("splits a feature collection's multi-polygons and keeps other geometries whole", () => {
    const polygon = [line(3_000), line(1_000)];
    const land: MultiPolygon = { type: 'MultiPolygon', coordinates: [polygon, polygon, polygon] };
    const point: Point = { type: 'Point', coordinates: [1, 2] };
    const features = [land, point].map((geometry): Feature => ({ type: 'Feature', properties: {}, geometry }));
    const pieces = piecesOf({ type: 'FeatureCollection', features } as FeatureCollection, 8_000);
    expect(pieces.map((p) => p.type)).toEqual(['MultiPolygon', 'MultiPolygon', 'Point']);
    expect((pieces[0] as MultiPolygon).coordinates).toHaveLength(2);
  });
});
