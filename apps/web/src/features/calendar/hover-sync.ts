import { useState, useSyncExternalStore } from 'react';

/**
 * The event (calendar event id = map job id) the pointer or keyboard focus is on, shared by the
 * calendar and the board's map. A tiny store outside React state: hovering re-renders only the
 * map, and the calendar marks its events directly in the DOM (no FullCalendar re-render).
 */
export interface HoverSync {
  get(): string | null;
  set(id: string | null): void;
  subscribe(listener: () => void): () => void;
}

export function createHoverSync(): HoverSync {
  let current: string | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(id) {
      if (id === current) return;
      current = id;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One store for the life of a component. */
export function useHoverSyncStore(): HoverSync {
  const [sync] = useState(createHoverSync);
  return sync;
}

/** The hovered id, re-rendering when it changes. */
export function useHovered(sync: HoverSync): string | null {
  return useSyncExternalStore(sync.subscribe, sync.get);
}

export const hoveredClass = 'fp-ev-hovered';

/** The calendar's elements of an event (one per technician row in a timeline). */
export function eventElements(root: ParentNode, id: string): HTMLElement[] {
  const marks = root.querySelectorAll<HTMLElement>(`[data-event-id="${CSS.escape(id)}"]`);
  return [...marks].map((mark) => mark.closest<HTMLElement>('.fc-event') ?? mark);
}

/** The event id of the calendar element under `target`, if any. */
export function eventIdAt(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const event = target.closest('.fc-event');
  return event?.querySelector<HTMLElement>('[data-event-id]')?.dataset.eventId ?? null;
}

/**
 * Keeps `hoveredClass` on the calendar elements of the hovered event. FullCalendar re-creates an
 * event's element when it re-renders it, so while something is hovered the mark is re-applied
 * after DOM changes too (the calendar is not watched otherwise: it can hold thousands of events).
 */
export function markHovered(root: HTMLElement, sync: HoverSync): () => void {
  let marked: HTMLElement[] = [];
  let frame = 0;
  const observer =
    typeof MutationObserver === 'undefined'
      ? null
      : new MutationObserver(() => {
          if (frame) return;
          frame = requestAnimationFrame(() => {
            frame = 0;
            apply();
          });
        });
  function apply() {
    const id = sync.get();
    const next = id ? eventElements(root, id) : [];
    for (const el of marked) if (!next.includes(el)) el.classList.remove(hoveredClass);
    for (const el of next) el.classList.add(hoveredClass);
    marked = next;
    if (id) observer?.observe(root, { childList: true, subtree: true });
    else observer?.disconnect();
  }
  const unsubscribe = sync.subscribe(apply);
  apply();
  return () => {
    unsubscribe();
    observer?.disconnect();
    cancelAnimationFrame(frame);
    for (const el of marked) el.classList.remove(hoveredClass);
  };
}
