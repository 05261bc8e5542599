import { can, type Member, type Workspace } from '@fieldplan/shared';
import {
  type CSSProperties,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
} from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { Icon } from '../../components/Icon';
import { useMediaQuery } from '../../components/use-media-query';
import { type CalendarVisit, occurrenceOf } from '../../entities/job/calendar-visit';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import {
  CalendarSurface,
  ScheduleFilters,
  scheduleSearch,
  useHoverSyncStore,
  useScheduleFilter,
  useScheduleParams,
  useVisibleEvents,
} from '../calendar';
import type { MapJob } from '../map';
import { useOptimiseDay } from '../optimise';
import { DaySummary } from './DaySummary';
import { Splitter } from './Splitter';
import { UnscheduledQueue } from './UnscheduledQueue';
import { queueWidth, sideWidth, usePaneWidth } from './use-side-width';

type PaneName = 'calendar' | 'map' | 'queue' | 'summary';
type SideName = 'map' | 'summary';
const paneLabel: Record<PaneName, MessageDescriptor> = defineMessages({
  calendar: { id: 'dispatch.pane.calendar' },
  map: { id: 'dispatch.pane.map' },
  queue: { id: 'dispatch.pane.queue' },
  summary: { id: 'dispatch.pane.summary' },
});
// Leaflet loads beside the calendar, not before it (and not at all on /calendar).
const BoardMap = lazy(() => import('./BoardMap').then((m) => ({ default: m.BoardMap })));

/**
 * `/w/:slug/dispatch`: the unscheduled queue | the calendar (timeline by technician) | the map of
 * the calendar's range (or the day summary), the split resizable and the map collapsible. Below
 * 1,000 px the parts become tabs.
 */
export function DispatchBoard({ settings, members }: { settings: Workspace; members: Member[] }) {
  const intl = useIntl();
  const { workspaceId, slug, role, me } = useWorkspace();
  const navigate = useNavigate();
  const url = useScheduleParams('resourceTimelineDay', settings.timeZone);
  const { update, search } = url;
  const filter = useScheduleFilter(url.params, search, update, members);
  const { params } = filter;
  const { visits, query, range, view } = useVisibleEvents(params, settings);
  const tabs = useMediaQuery('(max-width: 1000px)');
  const [pane, setPane] = useState<PaneName>('calendar');
  const [sideTab, setSideTab] = useState<SideName>('map');
  const side = usePaneWidth('side', me.user.id, sideWidth);
  const queuePane = usePaneWidth('queue', me.user.id, queueWidth);
  const board = useRef<HTMLDivElement>(null);
  const hover = useHoverSyncStore();
  const optimise = useOptimiseDay(settings, members, params.date);
  const keep = scheduleSearch(search);
  const openId = useParams().id ?? null;
  const occurrence = search.get('occurrence');
  const selected = useMemo(() => (openId ? { jobId: openId, occurrenceKey: occurrence } : null), [openId, occurrence]);
  const jobHref = (v: CalendarVisit) =>
    `/w/${slug}/jobs/${v.job.id}${scheduleSearch(search, { occurrence: occurrenceOf(v) })}`;
  // A marker chosen on the map opens its job like a click on its event; closing its popup closes it.
  const selectOnMap = useCallback(
    (job: MapJob | null) => {
      if (job) {
        navigate(
          `/w/${slug}/jobs/${encodeURIComponent(job.jobId)}${scheduleSearch(search, { occurrence: job.occurrenceKey })}`,
        );
      } else if (openId) {
        navigate(`/w/${slug}/dispatch${scheduleSearch(search, { occurrence: null })}`);
      }
    },
    [navigate, slug, search, openId],
  );
  const shown = (p: PaneName) => !tabs || pane === p;
  const loaded = query.currentData !== undefined;
  // The map (markers, clusters, routes) and the day summary follow the range's visits one
  // interruptible low-priority render later, so the calendar's first screen after the data is not
  // held up by them (docs/PERFORMANCE.md "Windowed timeline"). Visits, `loaded` and the range travel
  // together: the map fits to a range once its own visits have arrived.
  const { start, end } = range;
  const beside = useDeferredValue(
    useMemo(() => ({ visits, loaded, range: { start, end } }), [visits, loaded, start, end]),
  );

  const map = (
    <Suspense fallback={<div className="board-map-loading" aria-busy="true" />}>
      <BoardMap
        settings={settings}
        members={members}
        visits={beside.visits}
        range={beside.range}
        loaded={beside.loaded}
        oneDay={view.endsWith('Day')}
        hover={hover}
        selected={selected}
        onSelect={selectOnMap}
        onStale={() => void query.refetch()}
      />
    </Suspense>
  );
  const summary = (
    <DaySummary
      visits={beside.visits}
      date={params.date}
      zone={settings.timeZone}
      members={members}
      jobHref={jobHref}
      loading={!beside.loaded}
      onOptimise={optimise.open}
    />
  );
  const style = tabs
    ? undefined
    : ({ '--side-w': `${side.width}px`, '--queue-w': `${queuePane.width}px` } as CSSProperties);
  const closed = `${queuePane.collapsed ? ' board-queue-closed' : ''}${side.collapsed ? ' board-side-closed' : ''}`;

  return (
    <div ref={board} className={`board-page board${tabs ? ' board-tabs' : closed}`} style={style}>
      <h1 className="visually-hidden">
        <Message id="dispatch.board.heading" />
      </h1>
      {tabs && (
        <div className="board-tablist" role="tablist" aria-label={intl.formatMessage({ id: 'dispatch.board.tabs' })}>
          {(['calendar', 'map', 'queue', 'summary'] as const).map((p) => (
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
              {intl.formatMessage(paneLabel[p])}
            </button>
          ))}
        </div>
      )}
      <Pane name="queue" tabs={tabs} hidden={!shown('queue')}>
        {!tabs && <QueueToggle collapsed={queuePane.collapsed} onCollapse={queuePane.setCollapsed} />}
        {(tabs || !queuePane.collapsed) && (
          <UnscheduledQueue
            workspaceId={workspaceId}
            slug={slug}
            keep={keep}
            keepJob={filter.keepJob}
            draggable={can(role, 'schedule.write') && !tabs}
            zone={settings.timeZone}
          />
        )}
      </Pane>
      {!tabs && !queuePane.collapsed && (
        <Splitter
          board={board}
          edge="left"
          label={intl.formatMessage({ id: 'dispatch.board.queueWidth' })}
          controls="board-queue"
          {...queuePane.splitter}
        />
      )}
      <Pane name="calendar" tabs={tabs} hidden={!shown('calendar')}>
        <CalendarSurface
          board="dispatch"
          settings={settings}
          members={members}
          params={params}
          search={search}
          update={update}
          hover={hover}
          toolbarExtra={<ScheduleFilters members={members} areas={filter.areas} params={params} onChange={update} />}
        />
      </Pane>
      {tabs ? (
        <>
          {/* Leaflet needs a visible box: the map mounts when its tab shows. */}
          <Pane name="map" tabs hidden={pane !== 'map'}>
            {pane === 'map' && map}
          </Pane>
          <Pane name="summary" tabs hidden={pane !== 'summary'}>
            {summary}
          </Pane>
        </>
      ) : (
        <>
          {!side.collapsed && (
            <Splitter
              board={board}
              edge="right"
              label={intl.formatMessage({ id: 'dispatch.board.mapWidth' })}
              controls="board-side"
              {...side.splitter}
            />
          )}
          <SidePane
            tab={sideTab}
            onTab={setSideTab}
            collapsed={side.collapsed}
            onCollapse={side.setCollapsed}
            map={map}
            summary={summary}
          />
        </>
      )}
      {optimise.dialog}
    </div>
  );
}

const sideTabs: readonly SideName[] = ['map', 'summary'];

/** Hides the queue to a thin rail (more room for the timeline) and brings it back. */
function QueueToggle({ collapsed, onCollapse }: { collapsed: boolean; onCollapse: (collapsed: boolean) => void }) {
  const intl = useIntl();
  const label = collapsed
    ? intl.formatMessage({ id: 'dispatch.board.showQueue' })
    : intl.formatMessage({ id: 'dispatch.board.hideQueue' });
  return (
    <button
      type="button"
      className="icon-button board-queue-toggle"
      aria-label={label}
      title={label}
      aria-expanded={!collapsed}
      aria-controls="board-queue"
      onClick={() => onCollapse(!collapsed)}
    >
      <Icon name={collapsed ? 'inbox' : 'chevronLeft'} />
    </button>
  );
}

/** The right pane on wide screens: Map | Summary, collapsible to a thin rail. */
function SidePane(props: {
  tab: SideName;
  onTab: (tab: SideName) => void;
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
  map: ReactNode;
  summary: ReactNode;
}) {
  const { tab, onTab, collapsed, onCollapse } = props;
  const intl = useIntl();
  if (collapsed) {
    const show = intl.formatMessage({ id: 'dispatch.board.showMap' });
    return (
      <div className="board-side board-side-collapsed" id="board-side">
        <button
          type="button"
          className="icon-button board-side-toggle"
          aria-label={show}
          title={show}
          aria-expanded={false}
          aria-controls="board-side"
          onClick={() => onCollapse(false)}
        >
          <Icon name="map" />
        </button>
      </div>
    );
  }
  const hide = intl.formatMessage({ id: 'dispatch.board.hideMap' });
  return (
    <div className="board-side" id="board-side">
      <div className="board-side-bar">
        <div
          className="board-side-tabs"
          role="tablist"
          aria-label={intl.formatMessage({ id: 'dispatch.board.sideTabs' })}
        >
          {sideTabs.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`board-side-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="board-side-panel"
              tabIndex={tab === name ? 0 : -1}
              className="board-side-tab"
              onClick={() => onTab(name)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
                event.preventDefault();
                const next = name === 'map' ? 'summary' : 'map';
                onTab(next);
                document.getElementById(`board-side-tab-${next}`)?.focus();
              }}
            >
              <Icon name={name === 'map' ? 'map' : 'users'} size={14} />
              {intl.formatMessage(paneLabel[name])}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="icon-button board-side-toggle"
          aria-label={hide}
          title={hide}
          aria-expanded
          aria-controls="board-side"
          onClick={() => onCollapse(true)}
        >
          <Icon name="chevronRight" />
        </button>
      </div>
      <div className="board-side-panel" id="board-side-panel" role="tabpanel" aria-labelledby={`board-side-tab-${tab}`}>
        {tab === 'map' ? props.map : props.summary}
      </div>
    </div>
  );
}

/** One of the board's parts; below 1,000 px a tab panel. */
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
  if (!tabs)
    return (
      <div className={className} id={name === 'queue' ? 'board-queue' : undefined}>
        {children}
      </div>
    );
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
