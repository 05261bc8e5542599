import type { EventContentArg } from '@fullcalendar/core';
import { getOrAdd } from '../../lib/get-or-add';

/**
 * FullCalendar re-renders every event on every change (a new event source, a row added) and puts
 * whatever the content hook returns in place of the old nodes. Handing back the same nodes for
 * an unchanged event keeps its DOM — and so the browser's layout of it — untouched, so adding rows
 * costs layout for those rows only.
 *
 * Key: the event's definition (FullCalendar makes a new one when the event's data changes), the
 * segment's position among the same event's segments in this render pass (an event with two
 * technicians has a segment in each row, rendered in row order), and what the content shows.
 */
const cache = new WeakMap<object, Map<string, Node[]>>();
let seen = new Map<object, number>();
let resetQueued = false;

export function cachedEventNodes(arg: EventContentArg, build: () => Node[], extraKey = ''): Node[] {
  // biome-ignore lint/suspicious/noExplicitAny: FullCalendar's EventImpl keeps its definition in `_def` (internal, stable per data).
  const def = (arg.event as any)._def as object | undefined;
  if (!def || arg.isDragging || arg.isResizing || arg.isMirror) return build();
  const index = seen.get(def) ?? 0;
  seen.set(def, index + 1);
  if (!resetQueued) {
    resetQueued = true;
    // One render pass is one synchronous task: count segments afresh in the next one.
    queueMicrotask(() => {
      seen = new Map();
      resetQueued = false;
    });
  }
  const key = `${index}|${arg.view.type}|${arg.timeText}|${extraKey}`;
  const byKey = getOrAdd(cache, def, () => new Map<string, Node[]>());
  return getOrAdd(byKey, key, build);
}
