import { type JobStatus, jobStatuses, parseDateOnly } from '@fieldplan/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type CalendarView, isCalendarView, todayIn } from './calendar-views';
import { parsePriority } from './visit-filter';

/** The calendar's state as the URL holds it, so back/forward and reload keep the view. */
export interface ScheduleParams {
  view: CalendarView;
  /** A date inside the visible range, `YYYY-MM-DD` in the workspace zone. */
  date: string;
  technicianId: string | null;
  statuses: JobStatus[];
  /** A service area's id: only jobs whose site lies inside it. */
  areaId: string | null;
  /** Only jobs of this priority (1–5). */
  priority: number | null;
}

/** The search parameters that describe the calendar (kept when a job opens over it). */
export const scheduleKeys = ['view', 'date', 'tech', 'status', 'area', 'priority', 'from'] as const;

export function parseStatuses(value: string | null): JobStatus[] {
  if (!value) return [];
  return value.split(',').filter((s): s is JobStatus => (jobStatuses as readonly string[]).includes(s));
}

/** Just the calendar's part of a query string (for links that open a job over the board). */
export function scheduleSearch(search: URLSearchParams, extra: Record<string, string | null> = {}): string {
  const next = new URLSearchParams();
  for (const key of scheduleKeys) {
    const value = search.get(key);
    if (value) next.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}

export function useScheduleParams(defaultView: CalendarView, zone: string) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo<ScheduleParams>(() => {
    const view = search.get('view');
    const date = search.get('date');
    return {
      view: isCalendarView(view) ? view : defaultView,
      date: date && parseDateOnly(date) !== null ? date : todayIn(zone),
      technicianId: search.get('tech') || null,
      statuses: parseStatuses(search.get('status')),
      areaId: search.get('area') || null,
      priority: parsePriority(search.get('priority')),
    };
  }, [search, defaultView, zone]);

  /** Changes some of the state; a new date or view is a new history entry, like paging a calendar. */
  const update = useCallback(
    (patch: Partial<ScheduleParams>, options: { replace?: boolean } = {}) => {
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (patch.view !== undefined) next.set('view', patch.view);
          if (patch.date !== undefined) next.set('date', patch.date);
          if (patch.technicianId !== undefined) {
            if (patch.technicianId) next.set('tech', patch.technicianId);
            else next.delete('tech');
          }
          if (patch.areaId !== undefined) {
            if (patch.areaId) next.set('area', patch.areaId);
            else next.delete('area');
          }
          if (patch.priority !== undefined) {
            if (patch.priority !== null) next.set('priority', String(patch.priority));
            else next.delete('priority');
          }
          if (patch.statuses !== undefined) {
            if (patch.statuses.length > 0) next.set('status', patch.statuses.join(','));
            else next.delete('status');
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearch],
  );
  return { params, update, search };
}
