import type { Position } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { describeShape } from './shape';

const square = (x: number): Position[][] => [
  [
    [x, 0],
    [x + 1, 0],
    [x + 1, 1],
    [x, 1],
    [x, 0],
  ],
];

describe('an area’s shape in words', () => {
  it('names a circle by its radius, a polygon and a multipolygon by their counts', () => {
    expect(describeShape({ type: 'Circle', center: { lat: 52.5, lng: 13.4 }, radiusM: 6000 })).toMatch(
      /^Circle · 6(\.0)? km radius$/,
    );
    expect(describeShape({ type: 'Polygon', coordinates: square(0) })).toBe('Polygon · 4 vertices');
    expect(describeShape({ type: 'MultiPolygon', coordinates: [square(0), square(5)] })).toBe(
      '2 polygons · 8 vertices',
    );
  });
});
