import type { FlexibleWindow } from '@fieldplan/shared';

interface Times {
  start: string;
  end: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A flexible job's window after its visit was dragged or resized (ISO instants): unchanged while
 * the visit stays inside it; otherwise shifted by as much as the start moved — and widened to the
 * visit when that isn't enough (a resize) — so the drag isn't refused for leaving its window.
 * Null when the window doesn't change.
 */
export function windowAfterMove(window: FlexibleWindow, previous: Times, next: Times): FlexibleWindow | null {
  const from = Date.parse(window.start);
  const until = Date.parse(window.end);
  const start = Date.parse(next.start);
  const end = Date.parse(next.end);
  if ([from, until, start, end].some(Number.isNaN)) return null;
  if (start >= from && end <= until) return null;
  const delta = start - Date.parse(previous.start);
  const shifted = { start: from + (Number.isNaN(delta) ? 0 : delta), end: until + (Number.isNaN(delta) ? 0 : delta) };
  return { start: iso(Math.min(shifted.start, start)), end: iso(Math.max(shifted.end, end)) };
}
