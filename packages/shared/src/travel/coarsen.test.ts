import { describe, expect, it } from 'vitest';
import { haversineM } from '../geo/distance.js';
import { coarsenPosition } from './coarsen.js';

describe('coarsenPosition', () => {
  const samples = [
    { lat: 52.52, lng: 13.405 },
    { lat: -33.8688, lng: 151.2093 },
    { lat: 0.0001, lng: -0.0001 },
    { lat: 64.1466, lng: -21.9426 },
    { lat: 40.7128, lng: -74.006 },
  ];

  it('moves a point by at most half a 200 m cell diagonal', () => {
    for (const p of samples) {
      const c = coarsenPosition(p);
      expect(haversineM(p, c), JSON.stringify(p)).toBeLessThanOrEqual(Math.SQRT2 * 100 + 1);
    }
  });

  it('snaps every point of a cell to the same centre (a grid, not noise)', () => {
    const p = { lat: 52.52, lng: 13.405 };
    const c = coarsenPosition(p);
    expect(coarsenPosition(c)).toEqual(c);
    // Points a few metres apart inside the cell share the centre.
    const near = coarsenPosition({ lat: c.lat + 0.0002, lng: c.lng - 0.0002 });
    expect(near).toEqual(c);
  });

  it('cells are ≈ 200 m: rows 200 m apart, neighbouring centres of a row 200 m apart', () => {
    const c = coarsenPosition({ lat: 52.52, lng: 13.405 });
    const north = coarsenPosition({ lat: c.lat + 0.0018, lng: c.lng });
    const east = coarsenPosition({ lat: c.lat, lng: c.lng + 0.003 });
    expect(haversineM({ lat: c.lat, lng: 0 }, { lat: north.lat, lng: 0 })).toBeCloseTo(200, 0);
    expect(east.lat).toBe(c.lat);
    expect(haversineM(c, east)).toBeCloseTo(200, 0);
  });

  it('hides movement within a cell and shows movement across cells', () => {
    const start = coarsenPosition({ lat: 52.52, lng: 13.405 });
    const moved = coarsenPosition({ lat: 52.53, lng: 13.405 });
    expect(moved).not.toEqual(start);
  });

  it('stays on the globe at its edges', () => {
    for (const p of [
      { lat: 90, lng: 180 },
      { lat: -90, lng: -180 },
      { lat: 89.9999, lng: 179.9999 },
    ]) {
      const c = coarsenPosition(p);
      expect(c.lat).toBeGreaterThanOrEqual(-90);
      expect(c.lat).toBeLessThanOrEqual(90);
      expect(c.lng).toBeGreaterThanOrEqual(-180);
      expect(c.lng).toBeLessThanOrEqual(180);
    }
  });
});
