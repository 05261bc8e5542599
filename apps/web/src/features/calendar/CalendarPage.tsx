import type { Member, Workspace } from '@fieldplan/shared';
import { CalendarSurface } from './CalendarSurface';
import { ScheduleFilters } from './ScheduleFilters';
import { useScheduleFilter } from './use-schedule-filter';
import { type ScheduleParams, useScheduleParams } from './use-schedule-params';

/**
 * `/w/:slug/calendar`: the calendar at full size, with the board's filters (technician, statuses,
 * service area, priority) in the URL.
 */
export function CalendarPage({ settings, members }: { settings: Workspace; members: Member[] }) {
  const { params: raw, update, search } = useScheduleParams('timeGridWeek', settings.timeZone);
  const filter = useScheduleFilter(raw, search, update, members);
  const { params } = filter;
  return (
    <div className="board-page calendar-page">
      <h1 className="visually-hidden">Calendar</h1>
      <CalendarSurface
        board="calendar"
        settings={settings}
        members={members}
        params={params}
        search={search}
        update={update}
        toolbarExtra={
          <ScheduleFilters
            members={members}
            areas={filter.areas}
            params={params}
            onChange={(patch: Partial<ScheduleParams>) => update(patch, { replace: true })}
          />
        }
      />
    </div>
  );
}
