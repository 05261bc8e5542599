import type { TravelLeg } from '@fieldplan/shared';

// One technician's day as the optimiser sees it: the visits, their windows and the drive
// matrix; how an order of visits is timed (each as early as allowed) and what a plan costs. Pure and
// synchronous: the drive times come in as a matrix the caller asked of the travel provider beforehand.

/** A visit of the day. Index i in `stops` is index i + 1 in the matrix (0 is the start of the day). */
export interface OptimiseStop {
  jobId: string;
  durationMs: number;
  /**
   * Fixed-time visits: `window` is exactly [start, start + durationMs] and they stay put.
   * Flexible visits: they may start anywhere so that [start, start + durationMs] lies in `window`.
   */
  fixed: boolean;
  window: { start: number; end: number };
  /** The current start, for the "before" figures and as the order to beat. */
  currentStart: number;
}

export interface OptimiseProblem {
  /** Working hours of the day as instants (ms): a flexible visit lies inside them. */
  dayStart: number;
  dayEnd: number;
  stops: OptimiseStop[];
  /**
   * matrix[i][j]: the drive from place i to place j; place 0 is where the day starts (the home
   * base; a zero row/column when unknown), place i + 1 is stops[i]'s site.
   */
  matrix: TravelLeg[][];
}

/** One plan of the day: the visits in order with their starts, and what it costs. */
export interface DayPlan {
  /** Indexes into `stops`, in visiting order. */
  order: number[];
  /** starts[k]: the start (ms) of the k-th visit in `order`. */
  starts: number[];
  /** The drive from the start of the day through every visit in order (no drive home). */
  distanceM: number;
  durationS: number;
  /** The end of the last visit (ms). */
  finish: number;
}

/**
 * The costs of visiting in the given order with each visit at its given start (no check that the
 * plan is feasible: today's schedule may not be).
 */
export function planOf(problem: OptimiseProblem, order: number[], starts: number[]): DayPlan {
  let distanceM = 0;
  let durationS = 0;
  let from = 0;
  let finish = problem.dayStart;
  order.forEach((stop, k) => {
    const leg = problem.matrix[from]?.[stop + 1];
    distanceM += leg?.distanceM ?? 0;
    durationS += leg?.durationS ?? 0;
    from = stop + 1;
    finish = Math.max(finish, (starts[k] ?? 0) + (problem.stops[stop]?.durationMs ?? 0));
  });
  return { order, starts, distanceM, durationS, finish };
}

/** Today's plan: the visits in the order of their current starts. */
export function currentPlan(problem: OptimiseProblem): DayPlan {
  const sorted = problem.stops.map((stop, i) => ({ i, start: stop.currentStart })).sort((a, b) => a.start - b.start);
  return planOf(
    problem,
    sorted.map((s) => s.i),
    sorted.map((s) => s.start),
  );
}

/** Flexible visits start on this grid (a plan reads 09:35, not 09:32:47). */
export const startGridMs = 5 * 60_000;
export const ceilGrid = (ms: number) => Math.ceil(ms / startGridMs) * startGridMs;

/**
 * The starts of visiting in `order`, each as early as allowed, or null when the order does not fit.
 * A flexible visit starts on the 5-minute grid at the earliest of: the previous visit's end plus the
 * drive, its window's start and the day's start; it must end by its window's end and the day's end.
 * A fixed visit keeps its start and must be reached by then — except straight after another fixed
 * visit, whose clash (if any) is today's and not the optimiser's to solve; fixed visits still come
 * in the order of their starts, and the next visit waits for the later of their ends. The drive from the day's
 * start (home) to the first visit costs drive but no time: the technician leaves when needed.
 */
export function scheduleOrder(problem: OptimiseProblem, order: readonly number[]): number[] | null {
  const starts: number[] = [];
  return walk(problem, order.length, (k) => order[k] as number, starts) ? starts : null;
}

/**
 * Walks `length` visits (`at(k)`: the k-th) as `scheduleOrder` does, pushing each start into
 * `starts` when given; false as soon as one does not fit. Allocation-free for the searches.
 */
export function walk(problem: OptimiseProblem, length: number, at: (k: number) => number, starts?: number[]): boolean {
  let prevEnd = Number.NEGATIVE_INFINITY;
  let prevStart = Number.NEGATIVE_INFINITY;
  let prevPlace = 0;
  let prevFixed = true;
  for (let k = 0; k < length; k++) {
    const i = at(k);
    const stop = problem.stops[i];
    if (!stop) return false;
    const drive = (problem.matrix[prevPlace]?.[i + 1]?.durationS ?? 0) * 1000;
    const arrive = prevEnd + drive;
    let start: number;
    if (stop.fixed) {
      start = stop.window.start;
      if (prevFixed ? start < prevStart : arrive > start) return false;
    } else {
      start = ceilGrid(Math.max(arrive, stop.window.start, problem.dayStart));
      if (start + stop.durationMs > Math.min(stop.window.end, problem.dayEnd)) return false;
    }
    starts?.push(start);
    prevStart = start;
    prevEnd = Math.max(prevEnd, start + stop.durationMs);
    prevPlace = i + 1;
    prevFixed = stop.fixed;
  }
  return true;
}

/** Drive of an order (time, then distance): the sum of its legs from the day's start. */
export function driveOf(problem: OptimiseProblem, order: readonly number[]): { s: number; m: number } {
  let s = 0;
  let m = 0;
  let from = 0;
  for (const i of order) {
    const leg = problem.matrix[from]?.[i + 1];
    s += leg?.durationS ?? 0;
    m += leg?.distanceM ?? 0;
    from = i + 1;
  }
  return { s, m };
}

/** Plans compare by drive time, then distance, then finish (a tolerance absorbs float sums). */
export const epsilon = 1e-6;
export function better(a: DayPlan, b: DayPlan | null): boolean {
  if (!b) return true;
  if (a.durationS < b.durationS - epsilon) return true;
  if (a.durationS > b.durationS + epsilon) return false;
  if (a.distanceM < b.distanceM - epsilon) return true;
  if (a.distanceM > b.distanceM + epsilon) return false;
  return a.finish < b.finish;
}

/** The plan of visiting in `order` as early as allowed; null when it does not fit. */
export function planFor(problem: OptimiseProblem, order: number[]): DayPlan | null {
  const starts = scheduleOrder(problem, order);
  return starts && planOf(problem, order, starts);
}
