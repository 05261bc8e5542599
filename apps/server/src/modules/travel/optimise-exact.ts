import {
  better,
  ceilGrid,
  type DayPlan,
  epsilon,
  type OptimiseProblem,
  type OptimiseStop,
  planFor,
} from './day-plan.js';

// The exhaustive search of "optimise a day" for days with few flexible visits: every order that can
// fit, pruned by drive and by windows that can no longer be met.

/** Up to this many flexible visits the search is exhaustive (branch and bound). */
export const exactLimit = 9;

/**
 * Branch and bound over every order: fixed visits in time order, flexible ones anywhere. A branch
 * ends when its drive already reaches the best, when a waiting flexible visit can no longer end
 * inside its window, or when the next fixed visit can no longer be reached.
 */
export function exact(problem: OptimiseProblem): DayPlan | null {
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
