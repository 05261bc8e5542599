import { better, type DayPlan, type OptimiseProblem, planFor } from './day-plan.js';
import { exact, exactLimit } from './optimise-exact.js';
import { heuristic, heuristicRestarts, iterate, searchRounds } from './optimise-search.js';

// Optimise a day: for one technician and one day, reorder the visits with flexible times
// to minimise the total drive, keeping every visit inside its window and the working hours and
// leaving fixed-time visits where they are. The day and its timing: ./day-plan.ts; the exhaustive
// search for small days: ./optimise-exact.ts; the heuristics for larger ones: ./optimise-search.ts.

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
