import { seededRandom } from '../../lib/seeded-random.js';
import {
  better,
  currentPlan,
  type DayPlan,
  driveOf,
  epsilon,
  type OptimiseProblem,
  type OptimiseStop,
  planFor,
  scheduleOrder,
  walk,
} from './day-plan.js';

// The heuristic search of "optimise a day" for days with more flexible visits than the exhaustive
// search takes: cheapest insertion from many starting sequences, local search to a local optimum,
// then ruin and recreate from the best (iterated local search). Deterministic for a seed.

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
export function heuristic(problem: OptimiseProblem, restarts: number, seed: number): DayPlan[] {
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
export function iterate(problem: OptimiseProblem, start: number[], rounds: number, seed: number): number[] {
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
