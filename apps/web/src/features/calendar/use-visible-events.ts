import type { Workspace } from '@fieldplan/shared';
import { useMediaQuery } from '../../components/use-media-query';
import { useGetCalendarEventsQuery } from '../../entities/job/calendar-endpoints';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { narrowView, visibleRange } from './calendar-views';
import type { ScheduleParams } from './use-schedule-params';

const none: CalendarVisit[] = [];

/**
 * The view actually shown (phones fall back to day/list views) and the visits of its range from
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
  return { view, narrow, range, query, visits: query.currentData ?? none };
}
