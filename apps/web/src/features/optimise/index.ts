/** What other features may use of optimise; everything else here is its own. */
export { useOptimiseDay } from './use-optimise-day';
