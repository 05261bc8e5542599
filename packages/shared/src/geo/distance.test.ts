import { describe, expect, it } from 'vitest';
import { formatDistance, haversineM, pathLengthM } from './distance.js';

const berlin = { lat: 52.520008, lng: 13.404954 };
const potsdam = { lat: 52.390569, lng: 13.064473 };
const paris = { lat: 48.856613, lng: 2.352222 };

describe('haversineM', () => {
  it('measures known distances within 0.5 %', () => {
    expect(haversineM(berlin, paris) / 1000).toBeCloseTo(878, -1);
    expect(Math.abs(haversineM(berlin, potsdam) - 27_000)).toBeLessThan(500);
    // One degree of latitude ≈ 111.2 km.
    expect(haversineM({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
  });

  it('is zero for the same point and symmetric', () => {
    expect(haversineM(berlin, berlin)).toBe(0);
    expect(haversineM(berlin, paris)).toBeCloseTo(haversineM(paris, berlin), 6);
  });

  it('handles antipodes and the antimeridian', () => {
    expect(haversineM({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6_371_008.8, 0);
    expect(haversineM({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(111_195, -1);
  });
});

describe('pathLengthM and formatDistance', () => {
  it('adds the legs', () => {
    expect(pathLengthM([berlin, potsdam, berlin])).toBeCloseTo(2 * haversineM(berlin, potsdam), 6);
    expect(pathLengthM([berlin])).toBe(0);
    expect(pathLengthM([])).toBe(0);
  });

  it('reads like the UI', () => {
    expect(formatDistance(850.4)).toBe('850 m');
    expect(formatDistance(12_420)).toBe('12.4 km');
    expect(formatDistance(128_400)).toBe('128 km');
  });
});
