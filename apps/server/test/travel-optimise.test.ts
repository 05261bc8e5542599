import { defaultTravelSettings, type LatLng, minuteMs, type TravelLeg, travelLeg } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../src/lib/seeded-random.js';
import {
  currentPlan,
  type DayPlan,
  type OptimiseProblem,
  type OptimiseStop,
  planOf,
  scheduleOrder,
  startGridMs,
} from '../src/modules/travel/day-plan.js';
import { optimiseDay } from '../src/modules/travel/optimise.js';

// The day optimiser against brute force on small instances (the acceptance check): every order of
// the visits, each scheduled as early as allowed; the same least drive, and nothing it returns
// breaks a window, the working hours, a fixed start or a drive.

const day = Date.UTC(2030, 2, 4, 7); // 08:00 in Berlin
const hour = 60 * minuteMs;

function matrixOf(places: (LatLng | null)[]): TravelLeg[][] {
  return places.map((a) =>
    places.map((b) => (a && b ? travelLeg(a, b, defaultTravelSettings) : { durationS: 0, distanceM: 0 })),
  );
}

function randomProblem(seed: number): OptimiseProblem {
  const random = seededRandom(seed);
  const place = (): LatLng => ({ lat: 52.45 + random.next() * 0.15, lng: 13.3 + random.next() * 0.2 });
  const dayStart = day;
  const dayEnd = day + 9 * hour;
  const n = random.int(1, 8);
  const stops: OptimiseStop[] = [];
  for (let i = 0; i < n; i++) {
    const durationMs = random.int(2, 8) * 15 * minuteMs;
    const start = dayStart - hour + random.int(0, 40) * 15 * minuteMs;
    const fixed = random.next() < 0.3;
    const windowStart = fixed ? start : start - random.int(0, 16) * 15 * minuteMs;
    const windowEnd = fixed ? start + durationMs : start + durationMs + random.int(0, 16) * 15 * minuteMs;
    stops.push({
      jobId: `j${i}`,
      durationMs,
      fixed,
      window: { start: windowStart, end: windowEnd },
      currentStart: start,
    });
  }
  const home = random.next() < 0.8 ? place() : null;
  return { dayStart, dayEnd, stops, matrix: matrixOf([home, ...stops.map(() => place())]) };
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const rest of permutations(n - 1)) {
    for (let at = 0; at <= rest.length; at++) out.push([...rest.slice(0, at), n - 1, ...rest.slice(at)]);
  }
  return out;
}

/** The least drive over every order that fits (null when none does). */
function bruteForce(problem: OptimiseProblem): DayPlan | null {
  let best: DayPlan | null = null;
  for (const order of permutations(problem.stops.length)) {
    const starts = scheduleOrder(problem, order);
    if (!starts) continue;
    const plan = planOf(problem, order, starts);
    if (!best || plan.durationS < best.durationS - 1e-6) best = plan;
  }
  return best;
}

/** Every rule a plan must keep, checked from scratch (not with the optimiser's own code). */
function violations(problem: OptimiseProblem, plan: DayPlan): string[] {
  const found: string[] = [];
  expect([...plan.order].sort((a, b) => a - b)).toEqual(problem.stops.map((_, i) => i));
  let prevEnd = Number.NEGATIVE_INFINITY;
  let prev: { place: number; fixed: boolean; start: number } = {
    place: 0,
    fixed: true,
    start: Number.NEGATIVE_INFINITY,
  };
  plan.order.forEach((i, k) => {
    const stop = problem.stops[i] as OptimiseStop;
    const start = plan.starts[k] as number;
    const end = start + stop.durationMs;
    if (stop.fixed && start !== stop.window.start) found.push(`${stop.jobId} moved`);
    if (!stop.fixed) {
      if (start < stop.window.start || end > stop.window.end) found.push(`${stop.jobId} outside its window`);
      if (start < problem.dayStart || end > problem.dayEnd) found.push(`${stop.jobId} outside working hours`);
      if (start % startGridMs !== 0) found.push(`${stop.jobId} off the grid`);
    }
    const drive = (problem.matrix[prev.place]?.[i + 1]?.durationS ?? 0) * 1000;
    // Two fixed visits follow each other as today has them (a clash between them is today's).
    if (stop.fixed && prev.fixed) {
      if (start < prev.start) found.push(`${stop.jobId} before an earlier fixed visit`);
    } else if (start < prevEnd + drive - 1) found.push(`${stop.jobId} reached too late`);
    prevEnd = Math.max(prevEnd, end);
    prev = { place: i + 1, fixed: stop.fixed, start };
  });
  return found;
}

describe('optimise a day', () => {
  it('finds what brute force finds on 300 small days, and never breaks a window, the hours or a drive', () => {
    let feasible = 0;
    let moved = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const problem = randomProblem(seed);
      const plan = optimiseDay(problem);
      const best = bruteForce(problem);
      expect(plan === null, `seed ${seed}: null exactly when nothing fits`).toBe(best === null);
      if (!plan || !best) continue;
      feasible += 1;
      expect(plan.durationS, `seed ${seed}`).toBeCloseTo(best.durationS, 6);
      expect(violations(problem, plan), `seed ${seed}`).toEqual([]);
      if (plan.durationS < currentPlan(problem).durationS - 1) moved += 1;
    }
    // The instances are not all trivial: many fit, and many of those have a better order than today's.
    console.log(
      `optimiser: ${feasible} of 300 days fit, ${moved} with less drive than today's order; all matched brute force`,
    );
    expect(feasible).toBeGreaterThan(100);
    expect(moved).toBeGreaterThan(30);
  });

  it('on full days (20 visits, beyond the exhaustive search) keeps every rule and never drives more than today', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = seededRandom(1000 + seed);
      const place = (): LatLng => ({ lat: 52.45 + random.next() * 0.15, lng: 13.3 + random.next() * 0.2 });
      // Today's feasible day: 20 visits of 20 min back to back with room for the drive, 4 of them fixed.
      const places = Array.from({ length: 20 }, place);
      const matrix = matrixOf([place(), ...places]);
      const stops: OptimiseStop[] = [];
      let t = day;
      places.forEach((_, i) => {
        const durationMs = 20 * minuteMs;
        const fixed = i % 5 === 2;
        const open = Math.floor((t - day) / hour);
        stops.push({
          jobId: `j${i}`,
          durationMs,
          fixed,
          window: fixed
            ? { start: t, end: t + durationMs }
            : { start: day + Math.max(0, open - 3) * hour, end: day + 16 * hour },
          currentStart: t,
        });
        t += durationMs + Math.ceil(((matrix[i + 1]?.[i + 2]?.durationS ?? 0) * 1000) / startGridMs) * startGridMs;
      });
      const problem: OptimiseProblem = { dayStart: day - 2 * hour, dayEnd: day + 16 * hour, stops, matrix };
      const today = currentPlan(problem);
      expect(scheduleOrder(problem, today.order), `seed ${seed}: today fits`).not.toBeNull();
      const plan = optimiseDay(problem);
      expect(plan, `seed ${seed}`).not.toBeNull();
      if (!plan) continue;
      expect(violations(problem, plan), `seed ${seed}`).toEqual([]);
      expect(plan.durationS).toBeLessThanOrEqual(today.durationS + 1e-6);
    }
  });

  const there = { lat: 52.52, lng: 13.4 };
  const far = { lat: 52.45, lng: 13.3 };
  const flexible = (jobId: string, startH: number, durationH: number, from: number, until: number): OptimiseStop => ({
    jobId,
    durationMs: durationH * hour,
    fixed: false,
    window: { start: day + from * hour, end: day + until * hour },
    currentStart: day + startH * hour,
  });

  it('swaps two visits driven in the wrong order, and keeps a fixed one where it is', () => {
    // Home is next to A; today B (far) comes first, then A, then the fixed C out by B.
    const problem: OptimiseProblem = {
      dayStart: day,
      dayEnd: day + 9 * hour,
      stops: [
        flexible('B', 0, 1, 0, 6),
        flexible('A', 2, 1, 0, 6),
        {
          jobId: 'C',
          durationMs: hour,
          fixed: true,
          window: { start: day + 6 * hour, end: day + 7 * hour },
          currentStart: day + 6 * hour,
        },
      ],
      matrix: matrixOf([there, far, there, far]),
    };
    const plan = optimiseDay(problem);
    expect(plan?.order).toEqual([1, 0, 2]);
    expect(plan?.starts).toEqual([
      day,
      day + hour + Math.ceil((travelLeg(there, far).durationS * 1000) / startGridMs) * startGridMs,
      day + 6 * hour,
    ]);
    expect(plan?.durationS).toBeLessThan(currentPlan(problem).durationS);
  });

  it('answers null when the windows leave no room for the drive', () => {
    const problem: OptimiseProblem = {
      dayStart: day,
      dayEnd: day + 9 * hour,
      // Two one-hour visits far apart, both to be done between 08:00 and 10:00.
      stops: [flexible('A', 0, 1, 0, 2), flexible('B', 1, 1, 0, 2)],
      matrix: matrixOf([there, there, far]),
    };
    expect(optimiseDay(problem)).toBeNull();
  });

  it('keeps every flexible visit inside the working hours even when its window is wider', () => {
    const problem: OptimiseProblem = {
      dayStart: day,
      dayEnd: day + 9 * hour,
      stops: [flexible('A', 1, 1, -3, 12), flexible('B', 3, 1, -3, 12)],
      matrix: matrixOf([there, there, there]),
    };
    const plan = optimiseDay(problem);
    expect(plan?.starts[0]).toBe(day);
    expect(plan && violations(problem, plan)).toEqual([]);
  });
});
