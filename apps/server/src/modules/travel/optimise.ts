import type { TravelLeg } from '@fieldplan/shared';
import { seededRandom } from '../../db/seed/demo-customers.js';

// Optimise a day (issue 9): for one technician and one day, reorder the visits with flexible times
// to minimise the total drive, keeping every visit inside its window and the working hours and
// leaving fixed-time visits where they are. Pure and synchronous: the drive times come in as a
// matrix the caller asked of the travel provider (the model, or a routing service) beforehand.

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
const ceilGrid = (ms: number) => Math.ceil(ms / startGridMs) * startGridMs;

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
function walk(problem: OptimiseProblem, length: number, at: (k: number) => number, starts?: number[]): boolean {
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
function driveOf(problem: OptimiseProblem, order: readonly number[]): { s: number; m: number } {
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
const epsilon = 1e-6;
function better(a: DayPlan, b: DayPlan | null): boolean {
  if (!b) return true;
  if (a.durationS < b.durationS - epsilon) return true;
  if (a.durationS > b.durationS + epsilon) return false;
  if (a.distanceM < b.distanceM - epsilon) return true;
  if (a.distanceM > b.distanceM + epsilon) return false;
  return a.finish < b.finish;
}

function planFor(problem: OptimiseProblem, order: number[]): DayPlan | null {
  const starts = scheduleOrder(problem, order);
  return starts && planOf(problem, order, starts);
}

/** Up to this many flexible visits the search is exhaustive (branch and bound). */
export const exactLimit = 9;

/**
 * Branch and bound over every order: fixed visits in time order, flexible ones anywhere. A branch
 * ends when its drive already reaches the best, when a waiting flexible visit can no longer end
 * inside its window, or when the next fixed visit can no longer be reached.
 */
function exact(problem: OptimiseProblem): DayPlan | null {
  const { stops, matrix } = problem;
  const indexes = stops.map((_, i) => i);
  const fixed = indexes.filter((i) => stops[i]?.fixed).sort((a, b) => startOf(stops, a) - startOf(stops, b));
  const flexible = indexes.filter((i) => !stops[i]?.fixed);
  const used = new Array<boolean>(stops.length).fill(false);
  const order: number[] = [];
  let best: DayPlan | null = null;
  let bestS = Number.POSITIVE_INFINITY;
  const driveMs = (from: number, to: number) => (matrix[from]?.[to]?.durationS ?? 0) * 1000;

  const visit = (prevEnd: number, prevPlace: number, prevFixed: boolean, driveS: number) => {
    if (driveS > bestS + epsilon) return;
    if (order.length === stops.length) {
      const plan = planFor(problem, [...order]);
      if (plan && better(plan, best)) {
        best = plan;
        bestS = plan.durationS;
      }
      return;
    }
    // A waiting flexible visit that can no longer fit makes the branch dead.
    for (const i of flexible) {
      if (used[i]) continue;
      const stop = stops[i] as OptimiseStop;
      const earliest = ceilGrid(Math.max(prevEnd + driveMs(prevPlace, i + 1), stop.window.start, problem.dayStart));
      if (earliest + stop.durationMs > Math.min(stop.window.end, problem.dayEnd)) return;
    }
    // The fixed visits next in time (several when they start together: either may go first).
    const waiting = fixed.filter((i) => !used[i]);
    const nextStart = waiting.length > 0 ? startOf(stops, waiting[0] as number) : Number.POSITIVE_INFINITY;
    const nextFixed = waiting.filter((i) => startOf(stops, i) === nextStart);
    const candidates = [...nextFixed, ...flexible.filter((i) => !used[i])];
    for (const i of candidates) {
      const stop = stops[i] as OptimiseStop;
      const arrive = prevEnd + driveMs(prevPlace, i + 1);
      let start: number;
      if (stop.fixed) {
        start = stop.window.start;
        if (!prevFixed && arrive > start) continue;
      } else {
        start = ceilGrid(Math.max(arrive, stop.window.start, problem.dayStart));
        if (start + stop.durationMs > Math.min(stop.window.end, problem.dayEnd)) continue;
        // One of the next fixed visits must still be reachable after this one.
        const end = start + stop.durationMs;
        if (nextFixed.length > 0 && !nextFixed.some((f) => end + driveMs(i + 1, f + 1) <= nextStart)) continue;
      }
      used[i] = true;
      order.push(i);
      visit(
        stop.fixed ? Math.max(prevEnd, start + stop.durationMs) : start + stop.durationMs,
        i + 1,
        stop.fixed,
        driveS + driveMs(prevPlace, i + 1) / 1000,
      );
      order.pop();
      used[i] = false;
    }
  };
  visit(Number.NEGATIVE_INFINITY, 0, true, 0);
  return best;
}

const startOf = (stops: readonly OptimiseStop[], i: number) => stops[i]?.window.start ?? 0;

/**
 * Cheapest feasible insertion of each flexible visit (in `sequence`'s order) into the fixed
 * visits' time order; null when one fits nowhere.
 */
function insertAll(problem: OptimiseProblem, base: number[], sequence: readonly number[]): number[] | null {
  const d = (a: number, b: number) => problem.matrix[a]?.[b]?.durationS ?? 0;
  const order = [...base];
  const added = new Float64Array(base.length + sequence.length + 1);
  const places: number[] = [];
  for (const i of sequence) {
    // The drive each place adds (from the legs it touches), cheapest first; the first that fits wins.
    places.length = 0;
    for (let at = 0; at <= order.length; at++) {
      const a = at === 0 ? 0 : (order[at - 1] as number) + 1;
      const b = at < order.length ? (order[at] as number) + 1 : -1;
      added[at] = d(a, i + 1) + (b < 0 ? 0 : d(i + 1, b) - d(a, b));
      places.push(at);
    }
    places.sort((x, y) => (added[x] as number) - (added[y] as number) || x - y);
    let placed = -1;
    for (const at of places) {
      if (walk(problem, order.length + 1, (k) => (k < at ? order[k] : k === at ? i : order[k - 1]) as number)) {
        placed = at;
        break;
      }
    }
    if (placed < 0) return null;
    order.splice(placed, 0, i);
  }
  return order;
}

/**
 * Local search to a local optimum: move one flexible visit elsewhere (relocate), move a run of two
 * or three (or-opt), swap two, reverse a stretch (2-opt); first improvement, until none helps.
 */
function improve(problem: OptimiseProblem, start: number[]): number[] {
  const { matrix, stops } = problem;
  const d = (a: number, b: number) => matrix[a]?.[b]?.durationS ?? 0;
  const order = [...start];
  const n = order.length;
  const fixed = order.map(() => false);
  const sync = () => {
    for (let k = 0; k < n; k++) fixed[k] = (stops[order[k] as number] as OptimiseStop).fixed;
  };
  sync();
  /** The place of the k-th visit (−1: the day's start). */
  const place = (k: number) => (k < 0 ? 0 : (order[k] as number) + 1);
  // A move's change of drive is worked out from the legs it touches; only a move that saves drive
  // is built and checked against the windows.
  const candidate = new Array<number>(n);
  const take = () => {
    if (!scheduleOrder(problem, candidate)) return false;
    for (let k = 0; k < n; k++) order[k] = candidate[k] as number;
    sync();
    return true;
  };
  for (let improved = true; improved; ) {
    improved = false;
    // Relocate and or-opt: a run of 1–3 visits (all flexible) moved to another place.
    for (let len = 1; len <= 3 && !improved; len++) {
      for (let from = 0; from + len <= n && !improved; from++) {
        let movable = true;
        for (let k = from; k < from + len; k++) movable &&= !fixed[k];
        if (!movable) continue;
        const first = place(from);
        const last = place(from + len - 1);
        const before = place(from - 1);
        const hasAfter = from + len < n;
        const after = hasAfter ? place(from + len) : 0;
        const saved = d(before, first) + (hasAfter ? d(last, after) - d(before, after) : 0);
        for (let to = 0; to <= n - len && !improved; to++) {
          if (to === from) continue;
          // Neighbours in the order without the run.
          const a = to === 0 ? 0 : place(to - 1 < from ? to - 1 : to - 1 + len);
          const hasB = to < n - len;
          const b = hasB ? place(to < from ? to : to + len) : 0;
          const delta = d(a, first) + (hasB ? d(last, b) - d(a, b) : 0) - saved;
          if (delta >= -epsilon) continue;
          let w = 0;
          for (let j = 0; j <= n - len; j++) {
            if (j === to) for (let r = from; r < from + len; r++) candidate[w++] = order[r] as number;
            if (j < n - len) candidate[w++] = order[j < from ? j : j + len] as number;
          }
          improved = take();
        }
      }
    }
    // Swap two flexible visits.
    for (let a = 0; a < n && !improved; a++) {
      if (fixed[a]) continue;
      for (let b = a + 1; b < n && !improved; b++) {
        if (fixed[b]) continue;
        const pa = place(a);
        const pb = place(b);
        let delta: number;
        if (b === a + 1) {
          const prev = place(a - 1);
          delta = d(prev, pb) + d(pb, pa) - d(prev, pa) - d(pa, pb);
          if (b + 1 < n) delta += d(pa, place(b + 1)) - d(pb, place(b + 1));
        } else {
          const prevA = place(a - 1);
          const nextA = place(a + 1);
          const prevB = place(b - 1);
          delta = d(prevA, pb) + d(pb, nextA) - d(prevA, pa) - d(pa, nextA) + d(prevB, pa) - d(prevB, pb);
          if (b + 1 < n) delta += d(pa, place(b + 1)) - d(pb, place(b + 1));
        }
        if (delta >= -epsilon) continue;
        for (let k = 0; k < n; k++) candidate[k] = order[k === a ? b : k === b ? a : k] as number;
        improved = take();
      }
    }
    // 2-opt: reverse a stretch of flexible visits.
    for (let a = 0; a < n && !improved; a++) {
      if (fixed[a]) continue;
      for (let b = a + 2; b < n && !improved; b++) {
        if (fixed[b]) break;
        // Legs a … b + 1 before and after the reversal.
        let delta = 0;
        for (let k = a; k <= Math.min(b + 1, n - 1); k++) {
          const at = (x: number) => (x >= a && x <= b ? a + b - x : x);
          delta += d(place(at(k - 1)), place(at(k))) - d(place(k - 1), place(k));
        }
        if (delta >= -epsilon) continue;
        for (let k = 0; k < n; k++) candidate[k] = order[k >= a && k <= b ? a + b - k : k] as number;
        improved = take();
      }
    }
  }
  return order;
}

/** Restarts of the heuristic for days with more flexible visits than the exhaustive search takes. */
export const heuristicRestarts = 150;

/** The distinct local optima of `restarts` insertion + local-search runs, least drive first. */
function heuristic(problem: OptimiseProblem, restarts: number, seed: number): DayPlan[] {
  const { stops } = problem;
  const fixed = stops
    .map((s, i) => ({ s, i }))
    .filter((x) => x.s.fixed)
    .sort((a, b) => a.s.window.start - b.s.window.start)
    .map((x) => x.i);
  const flexible = stops.map((s, i) => ({ s, i })).filter((x) => !x.s.fixed);
  const starts: number[][] = [];
  // Today's order when it fits, then insertion by deadline, by window start, and shuffled.
  const today = currentPlan(problem).order;
  if (scheduleOrder(problem, today)) starts.push(today);
  const byEnd = [...flexible].sort((a, b) => a.s.window.end - b.s.window.end).map((x) => x.i);
  const byStart = [...flexible].sort((a, b) => a.s.window.start - b.s.window.start).map((x) => x.i);
  const rnd = seededRandom(seed).next;
  const sequences = [byEnd, byStart];
  while (sequences.length < restarts) {
    const shuffled = flexible.map((x) => x.i);
    for (let k = shuffled.length - 1; k > 0; k--) {
      const j = Math.floor(rnd() * (k + 1));
      [shuffled[k], shuffled[j]] = [shuffled[j] as number, shuffled[k] as number];
    }
    sequences.push(shuffled);
  }
  for (const sequence of sequences) {
    const order = insertAll(problem, fixed, sequence);
    if (order) starts.push(order);
  }
  const found = new Map<string, DayPlan>();
  for (const order of starts) {
    const plan = planFor(problem, improve(problem, order));
    if (plan) found.set(plan.order.join(','), plan);
  }
  return [...found.values()].sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}

/** Ruin-and-recreate rounds after the restarts (iterated local search). */
export const searchRounds = 300;
/** Record-to-record travel: a round is kept when it drives at most this much more than the best. */
const acceptWithin = 1.05;
/** The most flexible visits one round takes out and puts back. */
const ruinMax = 10;

/**
 * Iterated local search from `start`: take two to ten flexible visits out, put them back where
 * they add the least drive (in random order), improve locally; keep the result when it drives at
 * most 5 % more than the best so far (record-to-record travel), and remember the best.
 * Deterministic for a seed.
 */
function iterate(problem: OptimiseProblem, start: number[], rounds: number, seed: number): number[] {
  const rnd = seededRandom(seed);
  let current = start;
  let currentS = driveOf(problem, current).s;
  let best = current;
  let bestS = currentS;
  for (let round = 0; round < rounds; round++) {
    const flexible = current.filter((i) => !problem.stops[i]?.fixed);
    if (flexible.length < 2) break;
    const out = new Set<number>();
    const k = Math.min(flexible.length, rnd.int(2, ruinMax));
    // Half the time a stretch of neighbours in the order, otherwise visits anywhere.
    if (rnd.next() < 0.5) {
      const from = rnd.int(0, flexible.length - k);
      for (let j = from; j < from + k; j++) out.add(flexible[j] as number);
    } else {
      while (out.size < k) out.add(rnd.pick(flexible));
    }
    const back = [...out];
    for (let j = back.length - 1; j > 0; j--) {
      const r = rnd.int(0, j);
      [back[j], back[r]] = [back[r] as number, back[j] as number];
    }
    const rebuilt = insertAll(
      problem,
      current.filter((i) => !out.has(i)),
      back,
    );
    if (!rebuilt) continue;
    const candidate = improve(problem, rebuilt);
    const s = driveOf(problem, candidate).s;
    if (s <= bestS * acceptWithin + epsilon) {
      current = candidate;
      currentS = s;
      if (s < bestS - epsilon) {
        best = candidate;
        bestS = s;
      }
    }
  }
  return best;
}

/**
 * The least-drive feasible plan: exhaustive up to `exactLimit` flexible visits; beyond, the best of
 * `heuristicRestarts` insertion + local-search runs, then `searchRounds` of ruin and recreate from it
 * (deterministic). Null when no order is found that fits every window, the working hours and the
 * fixed visits.
 */
export function optimiseDay(
  problem: OptimiseProblem,
  options: { restarts?: number; rounds?: number; seed?: number } = {},
): DayPlan | null {
  const flexibleCount = problem.stops.filter((s) => !s.fixed).length;
  if (flexibleCount <= exactLimit) return exact(problem);
  const seed = options.seed ?? 1;
  const optima = heuristic(problem, options.restarts ?? heuristicRestarts, seed);
  // The search goes on from the few best distinct optima, a share of the rounds each.
  const from = optima.slice(0, searchStarts);
  const rounds = Math.ceil((options.rounds ?? searchRounds) / Math.max(1, from.length));
  let best: DayPlan | null = optima[0] ?? null;
  from.forEach((start, k) => {
    const plan = planFor(problem, iterate(problem, start.order, rounds, seed + 1 + k));
    if (plan && better(plan, best)) best = plan;
  });
  return best;
}

/** How many of the restarts' best optima the iterated search continues from. */
const searchStarts = 2;

/** For the benchmark's peer: `restarts` random insertion + local-search runs, the best kept. */
export function randomRestarts(problem: OptimiseProblem, restarts: number, seed: number): DayPlan | null {
  return heuristic(problem, restarts, seed)[0] ?? null;
}
