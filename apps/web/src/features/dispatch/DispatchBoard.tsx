import { type CalendarEvent, can, type Member, type Workspace } from '@fieldplan/shared';
import { type ReactNode, useState } from 'react';
import { useMediaQuery } from '../../components/use-media-query';
import { CalendarSurface } from '../calendar/CalendarSurface';
import { scheduleSearch, useScheduleParams } from '../calendar/use-schedule-params';
import { useVisibleEvents } from '../calendar/use-visible-events';
import { useWorkspace } from '../workspace/use-workspace';
import { DaySummary } from './DaySummary';
import { UnscheduledQueue } from './UnscheduledQueue';

type PaneName = 'calendar' | 'queue' | 'summary';
const paneLabel: Record<PaneName, string> = { calendar: 'Calendar', queue: 'Queue', summary: 'Summary' };

/**
 * `/w/:slug/dispatch`: the unscheduled queue | the calendar (timeline by technician) | the day
 * summary (the map's place, issue 5). Below 1,000 px the three become tabs.
 */
export function DispatchBoard({ settings, members }: { settings: Workspace; members: Member[] }) {
  const { workspaceId, slug, role } = useWorkspace();
  const { params, update, search } = useScheduleParams('resourceTimelineDay', settings.timeZone);
  const { events, query } = useVisibleEvents(params, settings);
  const tabs = useMediaQuery('(max-width: 1000px)');
  const [pane, setPane] = useState<PaneName>('calendar');
  const keep = scheduleSearch(search);
  const jobHref = (e: CalendarEvent) =>
    `/w/${slug}/jobs/${e.extendedProps.jobId}${scheduleSearch(search, { occurrence: e.extendedProps.occurrenceKey })}`;
  const shown = (p: PaneName) => !tabs || pane === p;

  return (
    <div className={`board-page board${tabs ? ' board-tabs' : ''}`}>
      <h1 className="visually-hidden">Dispatch</h1>
      {tabs && (
        <div className="board-tablist" role="tablist" aria-label="Board">
          {(['calendar', 'queue', 'summary'] as const).map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              id={`board-tab-${p}`}
              aria-selected={pane === p}
              aria-controls={`board-pane-${p}`}
              className="board-tab"
              onClick={() => setPane(p)}
            >
              {paneLabel[p]}
            </button>
          ))}
        </div>
      )}
      <Pane name="queue" tabs={tabs} hidden={!shown('queue')}>
        <UnscheduledQueue
          workspaceId={workspaceId}
          slug={slug}
          keep={keep}
          draggable={can(role, 'schedule.write') && !tabs}
        />
      </Pane>
      <Pane name="calendar" tabs={tabs} hidden={!shown('calendar')}>
        <CalendarSurface
          board="dispatch"
          settings={settings}
          members={members}
          params={params}
          search={search}
          update={update}
        />
      </Pane>
      <Pane name="summary" tabs={tabs} hidden={!shown('summary')}>
        <DaySummary
          events={events}
          date={params.date}
          zone={settings.timeZone}
          members={members}
          jobHref={jobHref}
          loading={query.currentData === undefined}
        />
      </Pane>
    </div>
  );
}

/** One of the board's three parts; below 1,000 px a tab panel. */
function Pane({
  name,
  tabs,
  hidden,
  children,
}: {
  name: PaneName;
  tabs: boolean;
  hidden: boolean;
  children: ReactNode;
}) {
  const className = `board-${name}`;
  if (!tabs) return <div className={className}>{children}</div>;
  return (
    <div
      className={className}
      id={`board-pane-${name}`}
      role="tabpanel"
      aria-labelledby={`board-tab-${name}`}
      hidden={hidden}
    >
      {children}
    </div>
  );
}
