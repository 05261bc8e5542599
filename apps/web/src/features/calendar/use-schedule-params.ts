import { type JobStatus, jobStatuses, parseDateOnly } from '@fieldplan/shared';
import { useMemo } from 'react';
import { type SetParam, useSearchState } from '../../lib/use-search-state';
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

/** Writes a change of the state; a new date or view is a new history entry, like paging a calendar. */
function writeSchedule(patch: Partial<ScheduleParams>, set: SetParam) {
  if (patch.view !== undefined) set('view', patch.view);
  if (patch.date !== undefined) set('date', patch.date);
  if (patch.technicianId !== undefined) set('tech', patch.technicianId || null);
  if (patch.areaId !== undefined) set('area', patch.areaId || null);
  if (patch.priority !== undefined) set('priority', patch.priority === null ? null : String(patch.priority));
  if (patch.statuses !== undefined) set('status', patch.statuses.length > 0 ? patch.statuses.join(',') : null);
}

export function useScheduleParams(defaultView: CalendarView, zone: string) {
  const { search, update } = useSearchState(writeSchedule);
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

  return { params, update, search };
}
