import { describe, expect, it } from 'vitest';
import { containsPoint, geometryBounds, inAnyArea, isOutsideAreas, prepareAreas } from './contains.js';
import type { AreaGeometry } from './types.js';

const square: AreaGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [13.3, 52.45],
      [13.5, 52.45],
      [13.5, 52.58],
      [13.3, 52.58],
      [13.3, 52.45],
    ],
    [
      [13.38, 52.5],
      [13.42, 52.5],
      [13.42, 52.53],
      [13.38, 52.5],
    ],
  ],
};
const circle: AreaGeometry = { type: 'Circle', center: { lat: 52.39, lng: 13.06 }, radiusM: 5000 };

describe('containsPoint', () => {
  it('polygon: inside, outside, in the hole', () => {
    expect(containsPoint(square, { lat: 52.47, lng: 13.35 })).toBe(true);
    expect(containsPoint(square, { lat: 52.6, lng: 13.35 })).toBe(false);
    expect(containsPoint(square, { lat: 52.52, lng: 13.415 })).toBe(false);
  });

  it('circle: by great-circle distance', () => {
    expect(containsPoint(circle, { lat: 52.39, lng: 13.12 })).toBe(true); // ≈ 4.1 km east
    expect(containsPoint(circle, { lat: 52.39, lng: 13.14 })).toBe(false); // ≈ 5.4 km east
  });

  it('multipolygon: any of its polygons', () => {
    const multi: AreaGeometry = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
        [
          [
            [5, 5],
            [6, 5],
            [6, 6],
            [5, 5],
          ],
        ],
      ],
    };
    expect(containsPoint(multi, { lat: 5.2, lng: 5.8 })).toBe(true);
    expect(containsPoint(multi, { lat: 3, lng: 3 })).toBe(false);
  });
});

describe('inAnyArea and isOutsideAreas', () => {
  const areas = prepareAreas([{ geometry: square }, { geometry: circle }]);

  it('is inside when any area holds the point', () => {
    expect(inAnyArea({ lat: 52.39, lng: 13.07 }, areas)).toBe(true);
    expect(inAnyArea({ lat: 52.47, lng: 13.35 }, areas)).toBe(true);
    expect(isOutsideAreas({ lat: 52.7, lng: 13.35 }, areas)).toBe(true);
  });

  it('flags nothing without areas or without a position', () => {
    expect(isOutsideAreas({ lat: 10, lng: 10 }, [])).toBe(false);
    expect(isOutsideAreas(null, areas)).toBe(false);
    expect(isOutsideAreas({ lat: undefined, lng: undefined }, areas)).toBe(false);
  });

  it('bounds a circle by its radius', () => {
    const b = geometryBounds(circle);
    expect(b.north - 52.39).toBeCloseTo(5000 / 111_320, 6);
    expect(b.east - 13.06).toBeGreaterThan(b.north - 52.39);
  });
});
