import type { EventContentArg } from '@fullcalendar/core';
import { defineMessages } from 'react-intl';
import { type IconName, iconPaths } from '../../components/Icon';
import { statusIcon, statusText } from '../../entities/job/job-status';
import { t } from '../../lib/i18n';
import { setCardLines } from './event-card';
import type { VisitEventProps } from './fc-adapter';

type Props = VisitEventProps;

// An event's words: built with t() as each event is drawn (the page's language by then).
const words = defineMessages({
  unassigned: { id: 'calendar.event.unassigned' },
  technician: { id: 'calendar.event.technician' },
  allDay: { id: 'calendar.event.allDay' },
  recurring: { id: 'calendar.event.recurring' },
  request: { id: 'calendar.event.request' },
  requestText: { id: 'calendar.event.requestText' },
  outsideText: { id: 'calendar.event.outside' },
  flexibleText: { id: 'calendar.event.flexible' },
  double: { id: 'calendar.event.double' },
  doubleText: { id: 'calendar.event.doubleText' },
  requestFlag: { id: 'calendar.event.flag.request' },
  recurringFlag: { id: 'calendar.event.flag.recurring' },
  flexibleFlag: { id: 'calendar.event.flag.flexible' },
  doubleFlag: { id: 'calendar.event.flag.double' },
  outsideFlag: { id: 'calendar.event.flag.outside' },
});
const word = (key: keyof typeof words): string => t(words[key]);

function el(tag: string, className?: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  // textContent, never innerHTML: a title like `<img onerror=…>` stays text.
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * An icon as one empty span painted by a CSS mask (the same path as <Icon>): thousands of events
 * each with an inline <svg> make every layout of the calendar measurably slower.
 */
function icon(name: IconName): HTMLElement {
  const node = el('span', `ev-icon ev-icon-${name}`);
  node.setAttribute('aria-hidden', 'true');
  return node;
}

const iconCss = new Map<string, string>();
/** The mask rule of an icon, added to the page once. */
export function iconMaskRule(name: IconName): string {
  let rule = iconCss.get(name);
  if (!rule) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${iconPaths[name]}"/></svg>`;
    rule = `.ev-icon-${name}{--ev-icon:url("data:image/svg+xml,${encodeURIComponent(svg)}")}`;
    iconCss.set(name, rule);
  }
  return rule;
}

const peopleOf = (ids: readonly string[], names: ReadonlyMap<string, string>) =>
  ids.length === 0 ? word('unassigned') : ids.map((id) => names.get(id) ?? word('technician')).join(', ');

/**
 * One job on the calendar as DOM nodes (FullCalendar's `domNodes` content): the same markup as
 * the React `EventContent`, built with `textContent` only. The calendar renders thousands of these
 * at once; building them directly costs a fraction of a React portal each (docs/adr/0007).
 */
export function eventNodes(
  arg: EventContentArg,
  names: ReadonlyMap<string, string>,
  outside: OutsideAreas = never,
  requested: ReadonlySet<string> = noRequests,
): Node[] {
  const { event, timeText, view } = arg;
  const props = event.extendedProps as Partial<Props>;
  const root = el('span', 'ev');
  root.style.setProperty('--tech', event.backgroundColor || '#9e9e9e');
  // The board's map finds an event's elements by this (hover and selection sync).
  root.dataset.eventId = event.id;
  const line = el('span', 'ev-line');
  root.appendChild(line);
  if (!props.jobId || !props.status) {
    // The preview of a job dragged in from the queue: only a title so far.
    if (timeText) line.appendChild(el('span', 'ev-time', timeText));
    line.appendChild(el('span', 'ev-title', event.title));
    return [root];
  }
  const status = statusText(props.status);
  const double = (props.overlapsWith?.length ?? 0) > 0;
  const people = peopleOf(props.assigneeIds ?? [], names);
  const away = outside({ lat: props.lat, lng: props.lng });
  const request = requested.has(props.jobId);
  const flags = [
    request ? word('requestFlag') : '',
    props.recurring ? word('recurringFlag') : '',
    props.flexible ? word('flexibleFlag') : '',
    double ? word('doubleFlag') : '',
    away ? word('outsideFlag') : '',
  ];
  const list = view.type.startsWith('list');
  const month = view.type === 'dayGridMonth';
  // Timelines: a hover/focus card tells the rest (event-card.ts); the other views' blocks keep the
  // browser's tooltip line, starting with the time.
  const card = view.type.startsWith('resourceTimeline');
  if (card) {
    const when = event.allDay
      ? word('allDay')
      : [timeText, durationText(event.start, event.end)].filter(Boolean).join(', ');
    setCardLines(
      root,
      [event.title, when, props.customerName ?? '', people, status, flags.filter(Boolean).join(' · ')].filter(Boolean),
    );
  } else {
    root.title = [timeText, event.title, people, status, props.customerName, ...flags].filter(Boolean).join(' · ');
  }
  const timeline = view.type.startsWith('resourceTimeline');
  // The day timeline names the customer before the status; a week chip is too narrow for both, so
  // it keeps the status whole and cuts the customer.
  const customerFirst = view.type === 'resourceTimelineDay';
  if (list) root.className = 'ev ev-list';
  // The day timeline's block: title first (its time is the block's place on the axis).
  if (timeText && !event.allDay && !list && !timeline) line.appendChild(el('span', 'ev-time', timeText));
  if (month) {
    const mark = el('span', 'ev-status-icon');
    mark.setAttribute('role', 'img');
    mark.setAttribute('aria-label', status);
    mark.appendChild(icon(statusIcon[props.status]));
    line.appendChild(mark);
  }
  if (request) line.appendChild(requestLabel());
  line.appendChild(el('span', 'ev-title', event.title));
  if (props.recurring) {
    const mark = el('span', 'ev-recurring', '↻');
    mark.title = word('recurring');
    mark.setAttribute('role', 'img');
    mark.setAttribute('aria-label', mark.title);
    line.appendChild(mark);
  }
  if (props.flexible) {
    const mark = el('span', 'ev-flexible', '↔');
    mark.title = word('flexibleText');
    mark.setAttribute('role', 'img');
    mark.setAttribute('aria-label', mark.title);
    line.appendChild(mark);
  }
  if (away) line.appendChild(outsideFlag());
  if (double && list) line.appendChild(doubleBadge());
  if (!month) {
    const meta = el('span', 'ev-meta');
    // A timeline's rows keep one height: its double-booked badge goes on this line, not a third.
    if (double && timeline) meta.appendChild(doubleBadge());
    if (props.customerName && customerFirst) meta.appendChild(el('span', 'ev-customer', props.customerName));
    const statusBit = el('span', 'ev-status');
    statusBit.append(icon(statusIcon[props.status]), status);
    meta.appendChild(statusBit);
    if (list) meta.appendChild(el('span', 'ev-people', people));
    if (props.customerName && !customerFirst) meta.appendChild(el('span', 'ev-customer', props.customerName));
    root.appendChild(meta);
  }
  if (double && !list && !timeline) root.appendChild(doubleBadge());
  return [root];
}

/** A block's length for its card: "45 min", "1 h", "2 h 30 min". */
export function durationText(start: Date | null, end: Date | null): string {
  if (!start || !end) return '';
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h > 0 ? `${h} h` : '', m > 0 || h === 0 ? `${m} min` : ''].filter(Boolean).join(' ');
}

/** Whether a job site lies outside every service area (see `useOutsideAreas`). */
export type OutsideAreas = (site: { lat?: number | null | undefined; lng?: number | null | undefined }) => boolean;
const never: OutsideAreas = () => false;
const noRequests: ReadonlySet<string> = new Set();
/** An online booking request the office has not confirmed yet (docs/adr/0030). */
function requestLabel(): HTMLElement {
  const label = el('span', 'ev-request', word('request'));
  label.title = word('requestText');
  label.setAttribute('aria-label', label.title);
  label.setAttribute('role', 'img');
  return label;
}
function outsideFlag(): HTMLElement {
  const flag = el('span', 'ev-outside');
  flag.title = word('outsideText');
  flag.setAttribute('role', 'img');
  flag.setAttribute('aria-label', flag.title);
  flag.appendChild(icon('pin'));
  return flag;
}

/**
 * The double-booking badge: an icon and a short word that always fits whole (narrow blocks show
 * the icon only); the full text is its accessible name and tooltip.
 */
function doubleBadge(): HTMLElement {
  const badge = el('span', 'ev-double-badge');
  badge.title = word('doubleText');
  badge.setAttribute('role', 'img');
  badge.setAttribute('aria-label', badge.title);
  badge.append(icon('alert'), el('span', 'ev-double-text', word('double')));
  return badge;
}
