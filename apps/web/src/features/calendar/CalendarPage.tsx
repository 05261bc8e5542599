import { can, type Member, type Workspace } from '@fieldplan/shared';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { ExportMenu } from '../export';
import { CalendarSurface } from './CalendarSurface';
import { visibleRange } from './calendar-views';
import { ScheduleFilters } from './ScheduleFilters';
import { useScheduleFilter } from './use-schedule-filter';
import { type ScheduleParams, useScheduleParams } from './use-schedule-params';

/**
 * `/w/:slug/calendar`: the calendar at full size, with the board's filters (technician, statuses,
 * service area, priority) in the URL.
 */
export function CalendarPage({ settings, members }: { settings: Workspace; members: Member[] }) {
  const intl = useIntl();
  const { params: raw, update, search } = useScheduleParams('timeGridWeek', settings.timeZone);
  const filter = useScheduleFilter(raw, search, update, members);
  const { params } = filter;
  const { workspaceId, role } = useWorkspace();
  // The visits in view with the bar's technician and status filters (docs/PRODUCT.md, "Export").
  const range = visibleRange(params.view, params.date, settings.weekStart);
  return (
    <div className="board-page calendar-page">
      <h1 className="visually-hidden">
        <Message id="calendar.page.heading" />
      </h1>
      <CalendarSurface
        board="calendar"
        settings={settings}
        members={members}
        params={params}
        search={search}
        update={update}
        toolbarExtra={
          <>
            <ScheduleFilters
              members={members}
              areas={filter.areas}
              params={params}
              onChange={(patch: Partial<ScheduleParams>) => update(patch, { replace: true })}
            />
            {can(role, 'data.export') && (
              <ExportMenu
                workspaceId={workspaceId}
                what="visits"
                label={intl.formatMessage({ id: 'calendar.page.export' })}
                filters={{
                  start: range.start,
                  end: range.end,
                  technicianId: params.technicianId ?? undefined,
                  status: params.statuses.join(',') || undefined,
                  timeZone: settings.timeZone,
                }}
              />
            )}
          </>
        }
      />
    </div>
  );
}
