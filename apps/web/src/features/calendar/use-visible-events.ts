import type { CalendarEvent, Workspace } from '@fieldplan/shared';
import { useMediaQuery } from '../../components/use-media-query';
import { useWorkspace } from '../workspace/use-workspace';
import { narrowView, visibleRange } from './calendar-views';
import { useGetCalendarEventsQuery } from './endpoints';
import type { ScheduleParams } from './use-schedule-params';

const none: CalendarEvent[] = [];

/**
 * The view actually shown (phones fall back to day/list views) and the events of its range from
 * the cache. Every caller with the same params shares one cache entry and one request.
 */
export function useVisibleEvents(params: ScheduleParams, settings: Workspace) {
  const { workspaceId } = useWorkspace();
  const narrow = useMediaQuery('(max-width: 760px)');
  const view = narrow ? narrowView(params.view) : params.view;
  const range = visibleRange(view, params.date, settings.weekStart);
  const query = useGetCalendarEventsQuery({
    workspaceId,
    ...range,
    technicianId: params.technicianId,
    status: params.statuses.join(','),
  });
  return { view, narrow, range, query, events: query.currentData ?? none };
}
