import { can, type Member, type Workspace } from '@fieldplan/shared';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { RetryLine } from '../../components/LoadFailed';
import { Skeleton } from '../../components/Skeleton';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { useOutsideAreas } from '../areas';
import { usePendingRequestJobIds } from '../booking';
import { useOptimiseDay } from '../optimise';
import { CalendarToolbar } from './CalendarToolbar';
import { type CalendarView, calendarViews, isTimelineView, phoneViews, todayIn } from './calendar-views';
import { fullDaySpan, useFullDay, workingSpan } from './day-hours';
import { useEventCard } from './event-card';
import type { SlotRequest } from './fc-translate';
import type { HoverSync } from './hover-sync';
import { technicianResources } from './resources';
import { type OpenEvent, ScheduleCalendar } from './ScheduleCalendar';
import type { TravelGapEvent } from './travel-gaps';
import { type ScheduleParams, scheduleSearch } from './use-schedule-params';
import { useScheduleWrites } from './use-schedule-writes';
import { useTravelGaps } from './use-travel-gaps';
import { useVisibleBusy } from './use-visible-busy';
import { useVisibleEvents } from './use-visible-events';

/** Views with a time axis: they span the working hours unless the user asks for 24 h. */
const hasHours = (view: CalendarView) =>
  view === 'resourceTimelineDay' || view === 'timeGridDay' || view === 'timeGridWeek';
const fromOf = (board: 'dispatch' | 'calendar') => (board === 'calendar' ? 'calendar' : null);

interface CalendarSurfaceProps {
  /** Which screen hosts the calendar: a job opened from it returns there. */
  board: 'dispatch' | 'calendar';
  settings: Workspace;
  members: readonly Member[];
  params: ScheduleParams;
  search: URLSearchParams;
  update: (patch: Partial<ScheduleParams>, options?: { replace?: boolean }) => void;
  /** Filters shown at the end of the toolbar. */
  toolbarExtra?: ReactNode;
  /** The board shares hovered events with its map through this. */
  hover?: HoverSync;
}

/** Toolbar + calendar for the visible range, fed from the RTK Query cache; loading and empty states. */
export function CalendarSurface({
  board,
  settings,
  members,
  params,
  search,
  update,
  toolbarExtra,
  hover,
}: CalendarSurfaceProps) {
  const intl = useIntl();
  const { workspaceId, slug, role, me } = useWorkspace();
  const outside = useOutsideAreas(workspaceId);
  const requested = usePendingRequestJobIds(workspaceId, role);
  const navigate = useNavigate();
  const selectedJobId = useParams().id ?? null;
  const { view, narrow, query, visits, range } = useVisibleEvents(params, settings);
  const busy = useVisibleBusy(workspaceId, range);
  const travel = useTravelGaps(workspaceId, view, range, visits, settings.timeZone);
  const body = useRef<HTMLDivElement>(null);
  useEventCard(body);
  const [fullDay, setFullDay] = useFullDay(me.user.id);
  const span = useMemo(
    () => (fullDay ? fullDaySpan : workingSpan(settings.workingHours, visits, settings.timeZone)),
    [fullDay, settings.workingHours, visits, settings.timeZone],
  );
  const rangeKey = `${view}|${range.start}|${range.end}|${params.technicianId ?? ''}|${params.statuses.join()}`;
  const editable = can(role, 'schedule.write');
  const writes = useScheduleWrites(settings, members);
  const optimise = useOptimiseDay(settings, members, params.date);
  const resources = useMemo(() => {
    const rows = technicianResources(members);
    return params.technicianId ? rows.filter((r) => r.id === params.technicianId) : rows;
  }, [members, params.technicianId]);

  const onOpen = useCallback(
    ({ jobId, occurrenceKey }: OpenEvent) =>
      navigate(
        `/w/${slug}/jobs/${encodeURIComponent(jobId)}${scheduleSearch(search, { occurrence: occurrenceKey, from: fromOf(board) })}`,
      ),
    [navigate, slug, search, board],
  );
  const onSlot = useCallback(
    (slot: SlotRequest) => {
      const extra: Record<string, string | null> = {
        start: slot.start,
        end: slot.end,
        allDay: slot.allDay ? 'true' : null,
        technicianId: slot.technicianId,
        from: fromOf(board),
      };
      navigate(`/w/${slug}/jobs/new${scheduleSearch(search, extra)}`);
    },
    [navigate, slug, search, board],
  );
  const onNavigate = useCallback(
    (next: CalendarView, date: string) => update({ view: next, date }, { replace: true }),
    [update],
  );

  const newJobHref = `/w/${slug}/jobs/new${scheduleSearch(search, { from: fromOf(board) })}`;
  const loading = query.currentData === undefined && !query.isError;
  const unit = view === 'dayGridMonth' ? 'month' : view.endsWith('Day') ? 'day' : 'week';
  return (
    <div className="cal-surface">
      <CalendarToolbar
        view={view}
        date={params.date}
        today={todayIn(settings.timeZone)}
        firstDay={settings.weekStart}
        views={narrow ? phoneViews : calendarViews}
        onChange={(patch) => update(patch)}
        fullDay={hasHours(view) ? { on: fullDay, onChange: setFullDay } : undefined}
      >
        {view === 'resourceTimelineDay' && <TravelWarning travel={travel} />}
        {toolbarExtra}
        {editable && (
          <Link className={buttonClass('primary', 'sm')} to={newJobHref}>
            <Icon name="plus" />
            <Message id="calendar.surface.newJob" />
          </Link>
        )}
      </CalendarToolbar>
      <div
        ref={body}
        className={`cal-body${isTimelineView(view) ? ' cal-body-timeline' : ''}`}
        aria-busy={query.isFetching}
        data-range={rangeKey}
      >
        <ScheduleCalendar
          view={view}
          date={params.date}
          settings={settings}
          resources={resources}
          visits={visits}
          span={span}
          busy={busy}
          travel={travel}
          rangeKey={rangeKey}
          selectedJobId={selectedJobId}
          loading={loading}
          editable={editable}
          onOpen={onOpen}
          onSlot={onSlot}
          onMove={writes.move}
          onDropJob={writes.dropJob}
          onNavigate={onNavigate}
          outside={outside}
          requested={requested}
          hover={hover}
          onOptimise={isTimelineView(view) ? optimise.open : undefined}
        />
        {loading && <CalendarLoading />}
        {query.isError && (
          <div className="cal-overlay" role="alert">
            <p className="cal-overlay-card">
              <RetryLine
                message={intl.formatMessage({ id: 'calendar.surface.failed' }, { unit })}
                onRetry={() => void query.refetch()}
              />
            </p>
          </div>
        )}
        {!loading && !query.isError && visits.length === 0 && (
          <div className="cal-overlay cal-overlay-quiet">
            <p className="cal-overlay-card" role="status">
              {editable ? (
                <Message id="calendar.surface.emptyEditable" values={{ unit }} />
              ) : (
                <Message id="calendar.surface.empty" values={{ unit }} />
              )}
            </p>
          </div>
        )}
        {query.isFetching && !loading && <span className="cal-progress" aria-hidden="true" />}
      </div>
      {writes.dialogs}
      {optimise.dialog}
    </div>
  );
}

/**
 * How many drives of the day are too short for their gap, in the toolbar: the markers sit in
 * FullCalendar's lanes, which it hides from assistive technology, so this live region is where a
 * screen reader hears of them (and a glance at the toolbar tells a busy dispatcher too). Always
 * rendered on the day timeline so that a change is announced.
 */
function TravelWarning({ travel }: { travel: readonly TravelGapEvent[] }) {
  const intl = useIntl();
  const count = travel.filter((t) => t.extendedProps.travel.tooShort).length;
  const text = intl.formatMessage({ id: 'calendar.surface.tooShortWords' }, { count });
  // Compact (icon and count) so the toolbar stays one line beside the map; the words are in the
  // accessible text and the title.
  return (
    <span
      className={count > 0 ? 'cal-travel-warning' : undefined}
      role="status"
      title={count > 0 ? intl.formatMessage({ id: 'calendar.surface.tooShort' }, { count }) : undefined}
    >
      {count > 0 && (
        <>
          <Icon name="alert" size={14} />
          {count}
          <span className="visually-hidden"> {text}</span>
        </>
      )}
    </span>
  );
}

function CalendarLoading() {
  return (
    <div className="cal-overlay cal-loading" aria-busy="true">
      <span className="visually-hidden" role="status">
        <Message id="calendar.surface.loading" />
      </span>
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="cal-loading-row">
          <Skeleton width={120} height={14} />
          <Skeleton width={`${30 + ((i * 17) % 40)}%`} height={22} />
        </div>
      ))}
    </div>
  );
}
