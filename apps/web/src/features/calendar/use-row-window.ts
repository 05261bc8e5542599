import type { ResourceLabelMountArg } from '@fullcalendar/resource';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import type { ScheduleResource } from './resources';
import {
  estimateRowHeight,
  isSpacerId,
  type RowLoad,
  rowLoads,
  rowsMeeting,
  type WindowedResource,
  windowedResources,
} from './row-window';

interface RowWindowInput {
  /** Every row of the timeline, in display order. */
  rows: ScheduleResource[];
  visits: CalendarVisit[];
  /** Timeline views window their rows; other views get every row. */
  enabled: boolean;
  /** Week timelines stack a day's jobs in a row (taller rows). */
  stacked: boolean;
  /** The range and filters shown: a new one starts from estimated heights again. */
  rangeKey: string;
  loading: boolean;
  box: RefObject<HTMLDivElement | null>;
}

interface Window {
  key: string;
  first: number;
  last: number;
}

/** The scroller that holds the lanes (the rows' list beside it follows its vertical scroll). */
const lanesScroller = (box: HTMLElement | null) =>
  box?.querySelector('.fc-timeline-body')?.closest<HTMLElement>('.fc-scroller') ?? null;
const signature = (load: RowLoad | undefined) => `${load?.events ?? 0}|${load?.busiestDay ?? 0}`;
/** Something FullCalendar may be dragging: a job block, or a job card of the queue. */
const dragSource = '.fc-event, [data-job-id]';

/**
 * Which rows of a timeline FullCalendar renders (docs/adr/0023-timeline-windowing.md): those in the
 * viewport and half a screen either side, spacer rows for the rest. Drawn rows' heights are
 * measured and reused; others are estimated from their jobs. The window holds still during a drag
 * (a drop target must not vanish under the pointer) and keeps the row holding keyboard focus.
 */
export function useRowWindow({ rows, visits, enabled, stacked, rangeKey, loading, box }: RowWindowInput) {
  const key = `${rangeKey}|${loading ? 'loading' : 'loaded'}`;
  const loads = useMemo(() => rowLoads(visits), [visits]);
  const measured = useRef(new Map<string, { height: number; signature: string }>());
  const measuredKey = useRef(rangeKey);
  if (measuredKey.current !== rangeKey) {
    measuredKey.current = rangeKey;
    measured.current = new Map();
  }
  const indexOf = useMemo(() => new Map(rows.map((r, i) => [r.id, i])), [rows]);
  const latest = useRef({ rows, loads, stacked, enabled, key, indexOf, loading });
  latest.current = { rows, loads, stacked, enabled, key, indexOf, loading };
  const frozen = useRef(false);
  const pinned = useRef<string | null>(null);
  /** When FullCalendar last got other rows (performance.now()). */
  const changedAt = useRef(0);

  const heightsOf = useCallback(() => {
    const { rows, loads, stacked } = latest.current;
    return rows.map((r) => {
      const load = loads.get(r.id);
      const known = measured.current.get(r.id);
      return known && known.signature === signature(load) ? known.height : estimateRowHeight(load, stacked);
    });
  }, []);

  /** The rows that fill a viewport of `height` px from the top, before anything is measured. */
  const initial = (height: number): Window => {
    if (!(height > 0)) return { key, first: 0, last: rows.length - 1 };
    return { key, ...rowsMeeting(heightsOf(), 0, height) };
  };
  const [win, setWin] = useState<Window>({ key: '', first: 0, last: -1 });
  // The box's height as the last layout left it (a ResizeObserver's report): reading clientHeight
  // while rendering forced a layout of the whole page in the middle of the task (≈ 20–45 ms).
  const boxHeight = useRef(0);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      boxHeight.current = entry?.contentRect.height ?? 0;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);
  // While the range loads, the window's height may be rough (the rows wait for their events anyway).
  const height = boxHeight.current || (loading ? 0 : box.current?.clientHeight) || window.innerHeight;
  const current = win.key === key ? win : initial(height);

  /** Reads the drawn rows' heights, then moves the window if the viewport has left it (or always: `force`). */
  const update = useCallback(
    (overscan: boolean, force: boolean) => {
      const el = box.current;
      const { enabled, key, loads, rows, loading } = latest.current;
      if (!enabled || !el || frozen.current) return;
      const scroller = lanesScroller(el);
      // No lanes yet (the calendar not mounted): the observed height, not a forced layout — and
      // while the range loads, nothing until it is known (the window from `initial` stands).
      const viewport = scroller?.clientHeight || boxHeight.current || (loading ? 0 : el.clientHeight);
      if (!(viewport > 0)) return; // no layout (a hidden tab, or a test's DOM): keep what is there
      for (const lane of el.querySelectorAll<HTMLElement>('td.fc-timeline-lane[data-resource-id]')) {
        const id = lane.dataset.resourceId ?? '';
        const row = lane.parentElement;
        if (isSpacerId(id) || !row) continue;
        measured.current.set(id, { height: row.getBoundingClientRect().height, signature: signature(loads.get(id)) });
      }
      const heights = heightsOf();
      const top = scroller?.scrollTop ?? 0;
      const visible = rowsMeeting(heights, top, top + viewport);
      setWin((prev) => {
        if (!force && prev.key === key && prev.first <= visible.first && prev.last >= visible.last) return prev;
        const margin = overscan ? viewport / 2 : 0;
        const span = rowsMeeting(heights, top - margin, top + viewport + margin);
        // At least one row past each edge, however tall the rows: the next scroll step finds it drawn.
        const extra = overscan ? 1 : 0;
        const next = { first: Math.max(0, span.first - extra), last: Math.min(rows.length - 1, span.last + extra) };
        if (prev.key === key && prev.first === next.first && prev.last === next.last) return prev;
        return { key, ...next };
      });
    },
    [box, heightsOf],
  );

  // A new range, filter or the events' arrival: only the rows on screen (the first screenful paints
  // after one short task). The half screens around them wait for the user's first sign of moving
  // the board (a wheel, touch, key or pointer press on it, or a scroll): rendering them is one task
  // of every drawn row (over 100 ms), the largest blocking task left right after load
  // (docs/adr/0023-timeline-windowing.md, docs/PERFORMANCE.md).
  const overscanned = useRef('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: key and rows are what makes it run again (update reads them through a ref)
  useLayoutEffect(() => {
    if (!enabled) return;
    overscanned.current = '';
    update(false, true);
  }, [enabled, key, rows, update]);

  useEffect(() => {
    const el = box.current;
    if (!el || !enabled) return;
    let frame = 0;
    let asked = false;
    /** A scroll moves the window (with its half screens) once the viewport leaves it. */
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const force = asked && overscanned.current !== latest.current.key;
        if (force) overscanned.current = latest.current.key;
        asked = false;
        update(true, force);
      });
    };
    /** Wheel, touch, key or pointer press: the user is about to move the board, so the half screens now. */
    const intent = () => {
      if (overscanned.current === latest.current.key) return;
      asked = true;
      schedule();
    };
    let pointedAt = 0;
    let focused: Element | null = null;
    const down = (e: PointerEvent) => {
      pointedAt = performance.now();
      if (e.target instanceof Node && el.contains(e.target)) intent();
      if (e.target instanceof Element && e.target.closest(dragSource)) frozen.current = true;
    };
    const up = () => {
      if (!frozen.current) return;
      frozen.current = false;
      schedule();
    };
    const focus = (e: FocusEvent) => {
      focused = e.target instanceof Element ? e.target : null;
      pinned.current = focused?.closest<HTMLElement>('[data-resource-id]')?.dataset.resourceId ?? null;
    };
    // FullCalendar moves a kept row's element among the new ones, and a moved element loses focus
    // (to the page, with no element to go to): put it back when that follows a change of rows
    // that no click explains. Focus going anywhere else unpins the row.
    const blur = (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node) {
        if (!el.contains(e.relatedTarget)) pinned.current = null;
        return;
      }
      const lost = focused;
      requestAnimationFrame(() => {
        const now = document.activeElement;
        if (now && now !== document.body) return;
        const moved = performance.now() - changedAt.current < 1000 && pointedAt < changedAt.current;
        const id = lost?.querySelector<HTMLElement>('[data-event-id]')?.dataset.eventId;
        const again = lost?.isConnected
          ? lost
          : id
            ? el.querySelector(`[data-event-id="${CSS.escape(id)}"]`)?.closest<HTMLElement>('.fc-event')
            : null;
        if (moved && again instanceof HTMLElement) again.focus({ preventScroll: true });
        else pinned.current = null;
      });
    };
    el.addEventListener('scroll', schedule, { capture: true, passive: true });
    el.addEventListener('wheel', intent, { capture: true, passive: true });
    el.addEventListener('touchstart', intent, { capture: true, passive: true });
    el.addEventListener('keydown', intent, true);
    window.addEventListener('resize', schedule);
    // A drawer opening, a pane resized or a tab showing the calendar changes its box, not the window.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resized?.observe(el);
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    el.addEventListener('focusin', focus);
    el.addEventListener('focusout', blur);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', schedule, { capture: true });
      el.removeEventListener('wheel', intent, { capture: true });
      el.removeEventListener('touchstart', intent, { capture: true });
      el.removeEventListener('keydown', intent, true);
      window.removeEventListener('resize', schedule);
      resized?.disconnect();
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
      el.removeEventListener('focusin', focus);
      el.removeEventListener('focusout', blur);
    };
  }, [box, enabled, update]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads change the estimated heights (read through heightsOf)
  const { resources, drawn } = useMemo(() => {
    const shown = new Set<number>();
    if (!enabled) return { resources: rows as WindowedResource[], drawn: shown };
    for (let i = Math.max(0, current.first); i <= current.last; i++) shown.add(i);
    // The row holding keyboard focus stays, so scrolling away doesn't drop the focus to the page.
    const focused = pinned.current === null ? undefined : indexOf.get(pinned.current);
    if (focused !== undefined) shown.add(focused);
    if (shown.size >= rows.length) return { resources: rows as WindowedResource[], drawn: shown };
    return { resources: windowedResources(rows, heightsOf(), shown), drawn: shown };
  }, [enabled, rows, current.first, current.last, indexOf, heightsOf, loads]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: marks each change of the rows given
  useEffect(() => {
    changedAt.current = performance.now();
    // A row drawn before a filter changed the list keeps its element: give it its new place.
    const frame = requestAnimationFrame(() => {
      for (const cell of box.current?.querySelectorAll<HTMLElement>('td.fc-datagrid-cell[data-resource-id]') ?? []) {
        const index = indexOf.get(cell.dataset.resourceId ?? '');
        if (index !== undefined) cell.parentElement?.setAttribute('aria-rowindex', String(index + 1));
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [resources, indexOf, box]);

  /** Row labels: their place in the whole list for assistive technology; spacers hidden from it. */
  const labelDidMount = useCallback((arg: ResourceLabelMountArg) => {
    const row = arg.el.closest('tr');
    if (!row) return;
    if (isSpacerId(arg.resource.id)) {
      row.setAttribute('role', 'presentation');
      row.setAttribute('aria-hidden', 'true');
      arg.el.setAttribute('role', 'presentation');
      return;
    }
    const index = latest.current.indexOf.get(arg.resource.id);
    if (index !== undefined) row.setAttribute('aria-rowindex', String(index + 1));
  }, []);

  /** `drawn`: the indexes of the rows FullCalendar gets (their events are all it needs). */
  return { resources, drawn, rowCount: rows.length, labelDidMount };
}
