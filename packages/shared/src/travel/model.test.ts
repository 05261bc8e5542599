import { describe, expect, it } from 'vitest';
import { haversineM } from '../geo/distance.js';
import { dayLegs, defaultTravelSettings, etaFrom, formatDuration, travelLeg } from './model.js';

const berlin = { lat: 52.52, lng: 13.405 };
const potsdam = { lat: 52.3906, lng: 13.0645 };

describe('travel model', () => {
  it('is the straight line × 1.3 at 30 km/h by default', () => {
    const leg = travelLeg(berlin, potsdam);
    const line = haversineM(berlin, potsdam);
    expect(leg.distanceM).toBeCloseTo(line * 1.3, 6);
    // 30 km/h = 8⅓ m/s.
    expect(leg.durationS).toBeCloseTo((line * 1.3) / (30_000 / 3600), 6);
    expect(defaultTravelSettings).toEqual({ detourFactor: 1.3, speedKmh: 30 });
  });

  it('takes its factor and speed from settings', () => {
    const leg = travelLeg(berlin, potsdam, { detourFactor: 1, speedKmh: 60 });
    expect(leg.distanceM).toBeCloseTo(haversineM(berlin, potsdam), 6);
    expect(leg.durationS).toBeCloseTo(haversineM(berlin, potsdam) / (60_000 / 3600), 6);
  });

  it('a 3 km straight line is 3.9 km and 7.8 min', () => {
    // 3 km north of Berlin: 3000 m / 6,371,008.8 m in radians.
    const north = { lat: berlin.lat + (3000 / 6_371_008.8) * (180 / Math.PI), lng: berlin.lng };
    const leg = travelLeg(berlin, north);
    expect(leg.distanceM).toBeCloseTo(3900, 3);
    expect(leg.durationS).toBeCloseTo(468, 3);
  });

  it('legs of a day start at the home base and skip stops without a place', () => {
    const legs = dayLegs(berlin, [potsdam, null, berlin]);
    expect(legs[0]?.distanceM).toBeCloseTo(travelLeg(berlin, potsdam).distanceM, 6);
    expect(legs[1]).toBeNull();
    // From Potsdam, the last place known.
    expect(legs[2]?.distanceM).toBeCloseTo(travelLeg(potsdam, berlin).distanceM, 6);
  });

  it('without a home base the first stop has no leg', () => {
    const legs = dayLegs(null, [potsdam, berlin]);
    expect(legs[0]).toBeNull();
    expect(legs[1]?.durationS).toBeGreaterThan(0);
    expect(dayLegs(berlin, [])).toEqual([]);
  });

  it('the same place twice is a zero leg', () => {
    expect(travelLeg(berlin, berlin)).toEqual({ distanceM: 0, durationS: 0 });
  });

  it('ETA is now plus the drive', () => {
    const now = Date.parse('2026-03-02T08:00:00Z');
    expect(etaFrom(berlin, potsdam, now)).toBe(now + Math.round(travelLeg(berlin, potsdam).durationS * 1000));
    expect(etaFrom(berlin, berlin, now)).toBe(now);
  });

  it('formats drive times', () => {
    expect(formatDuration(0)).toBe('< 1 min');
    expect(formatDuration(29)).toBe('< 1 min');
    expect(formatDuration(31)).toBe('1 min');
    expect(formatDuration(468)).toBe('8 min');
    expect(formatDuration(3600 + 5 * 60)).toBe('1 h 05 min');
  });
});
