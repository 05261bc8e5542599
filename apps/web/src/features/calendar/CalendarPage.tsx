import type { Member, Workspace } from '@fieldplan/shared';
import { CalendarFilters } from './CalendarFilters';
import { CalendarSurface } from './CalendarSurface';
import { useScheduleParams } from './use-schedule-params';

/** `/w/:slug/calendar`: the calendar at full size, filtered by technician and status. */
export function CalendarPage({ settings, members }: { settings: Workspace; members: Member[] }) {
  const { params, update, search } = useScheduleParams('timeGridWeek', settings.timeZone);
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
          <CalendarFilters
            members={members}
            technicianId={params.technicianId}
            statuses={params.statuses}
            onChange={(patch) => update(patch, { replace: true })}
          />
        }
      />
    </div>
  );
}
