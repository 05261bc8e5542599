import type { Workspace } from '@fieldplan/shared';
import { useMemo } from 'react';
import { useMediaQuery } from '../../components/use-media-query';
import { useListAreasQuery } from '../../entities/area/endpoints';
import { useGetCalendarEventsQuery } from '../../entities/job/calendar-endpoints';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { narrowView, visibleRange } from './calendar-views';
import type { ScheduleParams } from './use-schedule-params';
import { inPriorityAndArea } from './visit-filter';

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
  // Priority and area are applied here, so the timeline, the board's map and its summary agree.
  const areas = useListAreasQuery(workspaceId, { skip: params.areaId === null });
  const area = params.areaId ? (areas.data?.find((a) => a.id === params.areaId)?.geometry ?? null) : null;
  const all = query.currentData ?? none;
  const { priority } = params;
  const visits = useMemo(
    () => (priority === null && area === null ? all : all.filter((v) => inPriorityAndArea(v.job, priority, area))),
    [all, priority, area],
  );
  return { view, narrow, range, query, visits };
}
