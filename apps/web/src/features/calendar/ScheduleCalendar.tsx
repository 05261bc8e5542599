import { type BusyEvent, formatDateOnly, instantToWall, unassignedResourceId, type Workspace } from '@fieldplan/shared';
import type {
  AllowFunc,
  DateSelectArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventHoveringArg,
} from '@fullcalendar/core';
import type { DropArg, EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import type { ResourceLabelContentArg } from '@fullcalendar/resource';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { useIntl } from '../../lib/i18n';
import { inNextTask } from '../../lib/next-task';
import { calendarTexts, scrollTimeOf, workspaceOptions } from './calendar-options';
import { type CalendarView, dayViewOf, hiddenDaysOf, todayIn } from './calendar-views';
import { fullDaySpan, type HourSpan } from './day-hours';
import { classNamesWithSelection } from './event-classes';
import { eventNodes, type OutsideAreas } from './event-dom';
import { installEventIcons } from './event-icons';
import { cachedEventNodes } from './event-node-cache';
import { eventIdAt, type HoverSync, markHovered } from './hover-sync';

installEventIcons();

import { useCalendarA11y } from './calendar-a11y';
import { type VisitEventProps, visitEventsOf } from './fc-adapter';
import { type MoveRequest, moveRequestOf, type SlotRequest, slotOf } from './fc-translate';
import { optimiseAttribute, resourceLabelNodes, type ScheduleResource } from './resources';
import { isSpacerId } from './row-window';
import { travelNodes } from './travel-dom';
import { isTravelGap, type TravelGapEvent } from './travel-gaps';
import { useRowWindow } from './use-row-window';
import { useWindowedFeed } from './use-windowed-feed';

export interface OpenEvent {
  jobId: string;
  occurrenceKey: string | null;
}

/** A job dragged in from the queue and dropped on a slot (and row). */
export interface DropRequest extends SlotRequest {
  jobId: string;
  version: number;
  title: string;
  durationMinutes: number;
}

interface ScheduleCalendarProps {
  view: CalendarView;
  date: string;
  settings: Workspace;
  resources: ScheduleResource[];
  /** The range's visits (FullCalendar's events are made from them in fc-adapter.ts). */
  visits: CalendarVisit[];
  /** Busy time from subscribed calendars: background events, on a technician's row or across the calendar. */
  busy: BusyEvent[];
  /** Drives between a technician's visits (day timeline): background events in the technician's row. */
  travel?: TravelGapEvent[] | undefined;
  /** The range and filters the events are for (a new one feeds a large timeline from the top again). */
  rangeKey: string;
  /** The range's events haven't arrived yet. */
  loading: boolean;
  /** The job open in the side panel: its events are highlighted. */
  selectedJobId: string | null;
  /** Drag, resize, select and drop from the queue (dispatchers and owners). */
  editable: boolean;
  onOpen: (event: OpenEvent) => void;
  onSlot: (slot: SlotRequest) => void;
  onMove: (move: MoveRequest) => void;
  onDropJob: (drop: DropRequest) => void;
  /** The user navigated inside the calendar (a day's header link). */
  onNavigate: (view: CalendarView, date: string) => void;
  /** Flags jobs outside every service area (a new function re-renders the events). */
  outside?: OutsideAreas | undefined;
  /** Jobs of booking requests waiting for confirmation: dashed, labelled "Request" (a new set re-renders the events). */
  requested?: ReadonlySet<string> | undefined;
  /** Shares the hovered or focused event with the board's map, and marks the one hovered there. */
  hover?: HoverSync | undefined;
  /** "Optimise day" on each technician's row label (timelines, for those who may change the schedule). */
  onOptimise?: ((memberId: string) => void) | undefined;
  /** The hours the day and week grids span (the working day, or all 24). */
  span?: HourSpan | undefined;
}

/** A spacer row (rows not rendered, docs/adr/0023-timeline-windowing.md): a block of their height. */
function spacerNodes(arg: ResourceLabelContentArg): Node[] {
  const fill = document.createElement('div');
  fill.className = 'fp-spacer-fill';
  // Less the row's own 1 px border, so the spacer is as tall as the rows it stands for.
  fill.style.height = `${Math.max(0, Number(arg.resource.extendedProps.spacer) - 1)}px`;
  return [fill];
}
const renderResource = (arg: ResourceLabelContentArg) => ({
  domNodes: isSpacerId(arg.resource.id) ? spacerNodes(arg) : resourceLabelNodes(arg),
});
const renderOptimisableResource = (arg: ResourceLabelContentArg) => ({
  domNodes: isSpacerId(arg.resource.id) ? spacerNodes(arg) : resourceLabelNodes(arg, true),
});
const spacerClass = ['fp-row-spacer'];
const labelClassNames = (arg: { resource: { id: string } }) => (isSpacerId(arg.resource.id) ? spacerClass : []);
/** Busy time and travel markers: background events, not jobs. */
const isBusyTime = (event: { display: string }) => event.display === 'background';
// The Unassigned row has no drives: no strip for travel markers under its jobs.
const laneClassNames = (arg: { resource: { id: string } }) =>
  arg.resource.id === unassignedResourceId ? ['fp-lane-unassigned'] : isSpacerId(arg.resource.id) ? spacerClass : [];
const noTravel: TravelGapEvent[] = [];
const noVisits: CalendarVisit[] = [];
const noRequests: ReadonlySet<string> = new Set();
// A timed job can't be dropped into the all-day row (or back): that is an edit for the form.
// Nothing lands on a spacer row (it stands for rows not rendered).
const keepAllDay: AllowFunc = (span, moving) =>
  !(span.resource && isSpacerId(span.resource.id)) && (!moving || span.allDay === moving.allDay);
const notOnSpacer: AllowFunc = (span) => !(span.resource && isSpacerId(span.resource.id));

/** True when the day `date` (YYYY-MM-DD) lies in [start, end); noon UTC is inside that day in any zone within ±12 h. */
function contains(start: Date, end: Date, date: string): boolean {
  const noon = Date.parse(`${date}T12:00:00Z`);
  return start.getTime() <= noon && noon < end.getTime();
}

/** FullCalendar with the workspace's zone, week and hours; everything it shows comes from props. */
export const ScheduleCalendar = memo(function ScheduleCalendar(props: ScheduleCalendarProps) {
  const { view, date, settings, resources, visits, busy, rangeKey, loading, editable, selectedJobId, outside, hover } =
    props;
  const travel = props.travel ?? noTravel;
  const requested = props.requested ?? noRequests;
  const classNames = useMemo(() => classNamesWithSelection(selectedJobId, requested), [selectedJobId, requested]);
  const ref = useRef<FullCalendar>(null);
  // FullCalendar mounts (a long task) in a task of its own once the first range's events are in —
  // the loading skeleton shows meanwhile, and the board's effects (the request for the events among
  // them) run first. Mounted empty, it rendered every option again when the data came (hidden days,
  // hours, rows): two long tasks before the first screen, and the data's arrival waited behind
  // them. Not in the board's render with the data either (a store update's render runs in one
  // animation frame): the two together made one task over 200 ms (docs/PERFORMANCE.md "Calendar
  // render"). A message, not a timer, and rendered at once in it: the map's deferred render
  // (DispatchBoard) and other scheduled work go after, not before. Once mounted it stays mounted
  // while later ranges load.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (loading || shown) return;
    return inNextTask(() => flushSync(() => setShown(true)));
  }, [loading, shown]);
  const box = useRef<HTMLDivElement>(null);
  useCalendarA11y(box);
  const handlers = useRef(props);
  handlers.current = props;
  const { min: spanMin, max: spanMax } = props.span ?? fullDaySpan;
  const intl = useIntl();
  const base = useMemo(
    () => ({ ...workspaceOptions(settings, { min: spanMin, max: spanMax }, intl.locale), ...calendarTexts(intl) }),
    [settings, spanMin, spanMax, intl],
  );
  const names = useMemo(() => new Map(resources.map((r) => [r.id, r.title])), [resources]);
  const namesRef = useRef(names);
  const namesKey = useRef('');
  if (namesRef.current !== names) namesKey.current = String(Number(namesKey.current) + 1);
  namesRef.current = names;
  const timeline = view.startsWith('resourceTimeline');
  const rows = useRowWindow({
    rows: resources,
    visits,
    enabled: timeline,
    stacked: view === 'resourceTimelineWeek',
    rangeKey,
    loading,
    box,
  });
  // Timelines: only the drawn rows' events (use-windowed-feed.ts); other views: every event at once.
  const windowedSources = useWindowedFeed({
    rows: resources,
    visits: timeline ? visits : noVisits,
    drawn: rows.drawn,
    rangeKey,
  });
  const jobSources = useMemo(
    () => (timeline ? windowedSources : [visitEventsOf(visits)]),
    [timeline, windowedSources, visits],
  );
  const outsideKey = useRef({ fn: outside, key: 0 });
  if (outsideKey.current.fn !== outside) outsideKey.current = { fn: outside, key: outsideKey.current.key + 1 };
  const requestedKey = useRef({ set: requested, key: 0 });
  if (requestedKey.current.set !== requested)
    requestedKey.current = { set: requested, key: requestedKey.current.key + 1 };
  // Busy time is a source of its own beside the jobs' slices: it changes only when feeds do.
  const busySource = useMemo(() => ({ id: 'busy', events: busy, className: 'fp-busy' }), [busy]);
  // Travel markers too: they change when a job moves or the drives are priced again.
  const travelSource = useMemo(() => ({ id: 'travel', events: travel }), [travel]);
  const eventSources = useMemo(() => [...jobSources, busySource, travelSource], [jobSources, busySource, travelSource]);
  const renderEvent = useCallback(
    // Busy time: FullCalendar's own content, its title as text. Travel markers: built like events.
    (arg: EventContentArg) =>
      isBusyTime(arg.event)
        ? !isTravelGap(arg.event) || { domNodes: cachedEventNodes(arg, () => travelNodes(arg), intl.locale) }
        : {
            domNodes: cachedEventNodes(
              arg,
              () => eventNodes(arg, namesRef.current, outside, requested),
              // Their words are in the page's language: another language builds them anew.
              `${intl.locale}|${namesKey.current}|${outsideKey.current.key}|${requestedKey.current.key}`,
            ),
          },
    [outside, requested, intl.locale],
  );
  const zone = settings.timeZone;
  const lastHidden = useRef<number[]>([]);
  const hiddenDays = useMemo(() => {
    const busy = new Set<number>();
    for (const v of visits) {
      // All-day visits are UTC-midnight dates already; timed ones are instants.
      const day = v.allDay ? v.start : instantToWall(zone, v.start);
      busy.add(new Date(day).getUTCDay());
      if (v.allDay) for (let d = day; d < v.end; d += 86_400_000) busy.add(new Date(d).getUTCDay());
    }
    const next = hiddenDaysOf(view, settings.workingHours.days, busy);
    // The same days keep the same array, so FullCalendar sees no option change.
    if (next.join() === lastHidden.current.join()) return lastHidden.current;
    lastHidden.current = next;
    return next;
  }, [visits, view, zone, settings.workingHours.days]);
  const scrollTime = useMemo(
    () => scrollTimeOf(settings.workingHours, date === todayIn(zone), instantToWall(zone, Date.now())),
    [settings.workingHours, date, zone],
  );

  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    const current = api.view;
    if (current.type !== view || !contains(current.currentStart, current.currentEnd, date)) api.changeView(view, date);
  }, [view, date]);

  // FullCalendar measures itself on window resize only; a drawer opening or a tab showing the
  // calendar changes its box without one.
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => ref.current?.getApi().updateSize());
    });
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);

  // A row label's "Optimise day" button (plain DOM inside FullCalendar's label): one listener for all.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const click = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest(`[${optimiseAttribute}]`) : null;
      const memberId = target?.getAttribute(optimiseAttribute);
      if (!memberId) return;
      event.preventDefault();
      handlers.current.onOptimise?.(memberId);
    };
    el.addEventListener('click', click);
    return () => el.removeEventListener('click', click);
  }, []);

  // Hover and keyboard focus on an event → the map; the map's hovered event → a mark here.
  useEffect(() => {
    const el = box.current;
    if (!el || !hover) return;
    const focus = (e: FocusEvent) => hover.set(eventIdAt(e.target));
    const blur = (e: FocusEvent) => {
      if (!eventIdAt(e.relatedTarget)) hover.set(null);
    };
    el.addEventListener('focusin', focus);
    el.addEventListener('focusout', blur);
    const unmark = markHovered(el, hover);
    return () => {
      el.removeEventListener('focusin', focus);
      el.removeEventListener('focusout', blur);
      unmark();
    };
  }, [hover]);
  const onEventEnter = useCallback((info: EventHoveringArg) => {
    if (!isBusyTime(info.event)) handlers.current.hover?.set(info.event.id);
  }, []);
  const onEventLeave = useCallback((info: EventHoveringArg) => {
    const sync = handlers.current.hover;
    if (sync?.get() === info.event.id) sync.set(null);
  }, []);

  const onEventClick = useCallback((info: EventClickArg) => {
    info.jsEvent.preventDefault();
    if (isBusyTime(info.event)) return;
    const { jobId, occurrenceKey } = info.event.extendedProps as VisitEventProps;
    handlers.current.onOpen({ jobId, occurrenceKey });
  }, []);
  const onChange = useCallback(
    (info: EventDropArg | EventResizeDoneArg) => handlers.current.onMove(moveRequestOf(info)),
    [],
  );
  const onSelect = useCallback((info: DateSelectArg) => {
    const { settings: s } = handlers.current;
    info.view.calendar.unselect();
    handlers.current.onSlot(slotOf(info, s.timeZone, s.workingHours.start, s.defaultJobMinutes));
  }, []);
  const onDrop = useCallback((info: DropArg) => {
    const { settings: s } = handlers.current;
    if (info.resource && isSpacerId(info.resource.id)) return;
    const data = info.draggedEl.dataset;
    const minutes = Number(data.duration ?? 60);
    const step = info.allDay ? 86_400_000 : 15 * 60_000;
    const slot = slotOf(
      { start: info.date, end: new Date(info.date.getTime() + step), allDay: info.allDay, resource: info.resource },
      s.timeZone,
      s.workingHours.start,
    );
    const start = Date.parse(slot.start);
    handlers.current.onDropJob({
      ...slot,
      end: new Date(start + minutes * 60_000).toISOString(),
      jobId: data.jobId ?? '',
      version: Number(data.version ?? 0),
      title: data.title ?? '',
      durationMinutes: minutes,
    });
  }, []);
  // A day's header link: the URL changes, and the effect above shows that day. (Reading every
  // `datesSet` back into the URL raced with option changes — a week view's hidden days re-render
  // the old day view first — and flipped between the two views for ever.)
  const onDayLink = useCallback((day: Date) => {
    const { view: current, settings: s } = handlers.current;
    handlers.current.onNavigate(dayViewOf(current), formatDateOnly(instantToWall(s.timeZone, day.getTime())));
  }, []);

  return (
    <div ref={box} className="cal-fc" data-row-count={timeline ? rows.rowCount : undefined}>
      {shown && (
        <FullCalendar
          ref={ref}
          {...base}
          initialView={view}
          initialDate={date}
          hiddenDays={hiddenDays}
          scrollTime={scrollTime}
          resources={rows.resources}
          eventSources={eventSources}
          editable={editable}
          eventResourceEditable={editable}
          selectable={editable}
          droppable={editable}
          eventAllow={keepAllDay}
          selectAllow={notOnSpacer}
          eventContent={renderEvent}
          eventClassNames={classNames}
          resourceLabelContent={props.onOptimise ? renderOptimisableResource : renderResource}
          resourceLaneClassNames={laneClassNames}
          resourceLabelClassNames={labelClassNames}
          resourceLabelDidMount={rows.labelDidMount}
          eventClick={onEventClick}
          eventMouseEnter={onEventEnter}
          eventMouseLeave={onEventLeave}
          eventDrop={onChange}
          eventResize={onChange}
          select={onSelect}
          drop={onDrop}
          navLinkDayClick={onDayLink}
        />
      )}
    </div>
  );
});
