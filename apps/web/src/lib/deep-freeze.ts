/**
 * Freezes plain objects and arrays all the way down and returns the value — what the store's Immer
 * does to every answer it is given, but in one tight pass. Immer skips a value that is frozen
 * already, so a large answer (the calendar's range of visits) frozen here costs ≈ 2 ms instead of
 * Immer's generic walk over every property of every visit, twice (≈ 25 ms for 2,000 visits).
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
