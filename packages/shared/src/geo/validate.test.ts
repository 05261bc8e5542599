import { describe, expect, it } from 'vitest';
import type { Position } from './types.js';
import { geometryIssues, isValidGeometry, vertexCount } from './validate.js';

const square: Position[] = [
  [13.3, 52.45],
  [13.5, 52.45],
  [13.5, 52.58],
  [13.3, 52.58],
  [13.3, 52.45],
];
const polygon = (...rings: Position[][]) => ({ type: 'Polygon', coordinates: rings });
const paths = (value: unknown) => geometryIssues(value).map((i) => i.path.join('.'));
const message = (value: unknown) => geometryIssues(value)[0]?.message ?? '';

/** A star-shaped ring of `n` vertices around Berlin (valid, no crossing). */
function ringOf(n: number): Position[] {
  const ring: Position[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = i % 2 ? 0.1 : 0.12;
    ring.push([13.4 + r * Math.cos(a), 52.5 + r * Math.sin(a)]);
  }
  ring.push(ring[0] as Position);
  return ring;
}

describe('geometryIssues: polygons', () => {
  it('accepts a square, a square with a hole, a multipolygon and a 5,000-vertex ring', () => {
    const hole: Position[] = [
      [13.35, 52.5],
      [13.4, 52.5],
      [13.4, 52.55],
      [13.35, 52.5],
    ];
    expect(geometryIssues(polygon(square))).toEqual([]);
    expect(geometryIssues(polygon(square, hole))).toEqual([]);
    expect(geometryIssues({ type: 'MultiPolygon', coordinates: [[square], [ringOf(8)]] })).toEqual([]);
    const big = polygon(ringOf(5000));
    expect(geometryIssues(big)).toEqual([]);
    expect(isValidGeometry(big) && vertexCount(big)).toBe(5000);
  });

  it('refuses a ring of 3 positions, naming the ring', () => {
    const three = polygon([
      [13.3, 52.45],
      [13.5, 52.45],
      [13.3, 52.45],
    ]);
    expect(paths(three)).toEqual(['coordinates.0']);
    expect(message(three)).toMatch(/at least 4 positions/);
  });

  it('refuses a ring that is not closed', () => {
    const open = polygon(square.slice(0, 4).concat([[13.31, 52.45]]));
    expect(paths(open)).toEqual(['coordinates.0']);
    expect(message(open)).toMatch(/not closed/);
  });

  it('refuses a bow-tie (the ring crosses itself) and says where', () => {
    const bowTie = polygon([
      [13.3, 52.45],
      [13.5, 52.58],
      [13.5, 52.45],
      [13.3, 52.58],
      [13.3, 52.45],
    ]);
    expect(paths(bowTie)).toEqual(['coordinates.0']);
    expect(message(bowTie)).toMatch(/crosses itself near 52\.515\d*, 13\.4/);
  });

  it('refuses a spike (an edge folding back on the previous one) and a ring touching itself', () => {
    const spike = polygon([
      [13.3, 52.45],
      [13.5, 52.45],
      [13.6, 52.45],
      [13.5, 52.45],
      [13.4, 52.58],
      [13.3, 52.45],
    ]);
    expect(paths(spike)).toEqual(['coordinates.0']);
    const figureEight = polygon([
      [0, 0],
      [2, 0],
      [1, 1],
      [2, 2],
      [0, 2],
      [1, 1],
      [0, 0],
    ]);
    expect(message(figureEight)).toMatch(/crosses itself/);
  });

  it('refuses a hole crossing the outer ring, and a hole outside it', () => {
    const crossing: Position[] = [
      [13.4, 52.5],
      [13.6, 52.5],
      [13.6, 52.52],
      [13.4, 52.5],
    ];
    expect(paths(polygon(square, crossing))).toEqual(['coordinates.1']);
    expect(message(polygon(square, crossing))).toMatch(/Rings 0 and 1 cross/);
    const outside: Position[] = [
      [14, 53],
      [14.1, 53],
      [14.1, 53.1],
      [14, 53],
    ];
    expect(message(polygon(square, outside))).toMatch(/inside the outer ring/);
  });

  it('refuses 6,000 vertices on coordinates, without checking each one', () => {
    const big = polygon(ringOf(6000));
    expect(paths(big)).toEqual(['coordinates']);
    expect(message(big)).toBe('A polygon can have at most 5,000 vertices (this one has 6,000)');
    const multi = { type: 'MultiPolygon', coordinates: [[ringOf(3000)], [ringOf(3000)]] };
    expect(message(multi)).toMatch(/at most 5,000 vertices \(this one has 6,000\)/);
  });

  it('names each coordinate out of range or not a number, by its index', () => {
    const bad = polygon([
      [13.3, 91],
      [181, 52.45],
      [Number.NaN, 52.5],
      ['13.3', 52.58],
      [13.3, 91],
    ] as unknown as Position[]);
    expect(paths(bad)).toEqual([
      'coordinates.0.0.1',
      'coordinates.0.1.0',
      'coordinates.0.2.0',
      'coordinates.0.3.0',
      'coordinates.0.4.1',
    ]);
    expect(geometryIssues(bad).map((i) => i.message)).toEqual([
      'Latitude must be between -90 and 90',
      'Longitude must be between -180 and 180',
      'Longitude must be a number',
      'Longitude must be a number',
      'Latitude must be between -90 and 90',
    ]);
  });

  it('reports at most 10 problems', () => {
    const ring = Array.from({ length: 100 }, (_, i) => [200 + i, 95] as Position);
    expect(geometryIssues(polygon(ring))).toHaveLength(10);
  });

  it('refuses a wrong type, positions of 3 numbers, unknown fields and a flat ring', () => {
    expect(paths({ type: 'LineString', coordinates: [] })).toEqual(['type']);
    expect(paths(null)).toEqual(['']);
    expect(paths(polygon([[13.3, 52.45, 30] as unknown as Position, ...square.slice(1)]))).toEqual(['coordinates.0.0']);
    expect(paths({ ...polygon(square), crs: 'x' })).toEqual(['crs']);
    const flat = polygon([
      [13.3, 52.45],
      [13.4, 52.45],
      [13.5, 52.45],
      [13.3, 52.45],
    ]);
    expect(message(flat)).toMatch(/no area|crosses itself/);
    expect(paths({ type: 'Polygon', coordinates: [] })).toEqual(['coordinates']);
  });
});

describe('geometryIssues: circles', () => {
  const circle = (radiusM: unknown, center: unknown = { lat: 52.52, lng: 13.4 }) => ({
    type: 'Circle',
    center,
    radiusM,
  });

  it('accepts 50 m to 200 km', () => {
    expect(geometryIssues(circle(50))).toEqual([]);
    expect(geometryIssues(circle(200_000))).toEqual([]);
  });

  it.each([10, 49.9, 200_001, Number.NaN, '5000', null])('refuses a radius of %s on radiusM', (radius) => {
    expect(paths(circle(radius))).toEqual(['radiusM']);
  });

  it('says the limits in the message', () => {
    expect(message(circle(10))).toBe('Radius must be between 50 m and 200 km');
  });

  it('names a bad centre', () => {
    expect(paths(circle(500, { lat: 91, lng: 181 }))).toEqual(['center.lat', 'center.lng']);
    expect(paths(circle(500, { lat: 'north', lng: 13 }))).toEqual(['center.lat']);
    expect(paths(circle(500, null))).toEqual(['center']);
  });
});
