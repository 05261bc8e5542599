import { describe, expect, it } from 'vitest';
import { haversineM } from './distance.js';
import { routesOfTheDay } from './route.js';

const home = { lat: 52.5, lng: 13.3 };
const a = { jobId: 'a', lat: 52.52, lng: 13.4, start: Date.UTC(2026, 2, 2, 9), assigneeIds: ['t1'] };
const b = { jobId: 'b', lat: 52.48, lng: 13.45, start: Date.UTC(2026, 2, 2, 7), assigneeIds: ['t1', 't2'] };
const c = { jobId: 'c', lat: 52.55, lng: 13.35, start: Date.UTC(2026, 2, 2, 11), assigneeIds: ['t2'] };

describe('routesOfTheDay', () => {
  it('starts at the home base and visits in time order, with the distance', () => {
    const [route] = routesOfTheDay([{ id: 't1', colour: '#0072B2', homeBase: home }], [a, b, c]);
    expect(route?.jobIds).toEqual(['b', 'a']);
    expect(route?.points).toEqual([home, { lat: b.lat, lng: b.lng }, { lat: a.lat, lng: a.lng }]);
    expect(route?.startsAtHome).toBe(true);
    expect(route?.distanceM).toBeCloseTo(haversineM(home, b) + haversineM(b, a), 6);
  });

  it('puts a shared visit on both routes, starts at the first visit without a home base, skips idle technicians', () => {
    const routes = routesOfTheDay(
      [
        { id: 't1', colour: '#0072B2', homeBase: home },
        { id: 't2', colour: '#E69F00', homeBase: null },
        { id: 't3', colour: '#009E73', homeBase: home },
      ],
      [a, b, c],
    );
    expect(routes.map((r) => r.technicianId)).toEqual(['t1', 't2']);
    expect(routes[1]?.jobIds).toEqual(['b', 'c']);
    expect(routes[1]?.startsAtHome).toBe(false);
    expect(routes[1]?.points).toHaveLength(2);
  });

  it('breaks time ties by job id, so the line is stable', () => {
    const x = { ...a, jobId: 'x', start: 0 };
    const y = { ...a, jobId: 'y', start: 0 };
    expect(routesOfTheDay([{ id: 't1', colour: '#000000', homeBase: null }], [y, x])[0]?.jobIds).toEqual(['x', 'y']);
  });
});
