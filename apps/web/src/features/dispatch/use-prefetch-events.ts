import type { Workspace } from '@fieldplan/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAppDispatch } from '../../base/hooks';
import { calendarApi } from '../../entities/job/calendar-endpoints';
import { isCalendarView, parseStatuses, todayIn, visibleRange } from '../calendar';

/**
 * Asks for the visible range's events as soon as the workspace's settings are known — while the
 * members still load — with exactly the arguments the calendar will use, so it finds them cached.
 */
export function usePrefetchVisibleEvents(settings: Workspace | undefined, board: 'dispatch' | 'calendar') {
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const viewParam = search.get('view');
  const dateParam = search.get('date');
  const tech = search.get('tech');
  const status = search.get('status');
  useEffect(() => {
    if (!settings || (typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 760px)').matches))
      return;
    const view = isCalendarView(viewParam) ? viewParam : board === 'calendar' ? 'timeGridWeek' : 'resourceTimelineDay';
    const date = dateParam ?? todayIn(settings.timeZone);
    const range = visibleRange(view, date, settings.weekStart);
    const args = {
      workspaceId: settings.id,
      ...range,
      technicianId: tech || null,
      status: parseStatuses(status).join(','),
    };
    dispatch(calendarApi.util.prefetch('getCalendarEvents', args, { ifOlderThan: 30 }));
  }, [dispatch, settings, board, viewParam, dateParam, tech, status]);
}
