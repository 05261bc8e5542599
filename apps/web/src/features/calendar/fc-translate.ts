import { formatDateOnly, instantToWall, unassignedResourceId, wallToInstant } from '@fieldplan/shared';
import type { DateSelectArg, EventApi, EventDropArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import type { VisitEventProps } from './fc-adapter';

type Props = VisitEventProps;

/** A job moved or resized on the calendar, in the API's terms. */
export interface MoveRequest {
  eventId: string;
  jobId: string;
  title: string;
  /** The occurrence's original start (null for a one-off job). */
  occurrenceKey: string | null;
  recurring: boolean;
  /** The job has a flexible window, which may have to move along (see flexible-move.ts). */
  flexible: boolean;
  version: number;
  allDay: boolean;
  /** New times: ISO instants, or dates when all-day. */
  start: string;
  end: string;
  /** New technicians when the event changed rows; null when they stay. */
  assigneeIds: string[] | null;
  previous: { start: string; end: string; assigneeIds: string[] };
  /** Puts the event back where it was (the user cancelled). */
  revert: () => void;
}

/** An event's times in the API's terms. FullCalendar's dates are true instants (zone plugin). */
export function timesOf(event: Pick<EventApi, 'start' | 'end' | 'allDay' | 'startStr' | 'endStr'>) {
  if (event.allDay) {
    const start = event.startStr.slice(0, 10);
    const end = event.endStr ? event.endStr.slice(0, 10) : start;
    return { start, end };
  }
  const start = event.start?.getTime() ?? 0;
  const end = event.end?.getTime() ?? start + 3_600_000;
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

/** The technicians after dragging from one timeline row to another: that row's assignee is replaced. */
export function reassigned(
  current: readonly string[],
  from: string | undefined,
  to: string | undefined,
): string[] | null {
  if (!from || !to || from === to) return null;
  if (to === unassignedResourceId) return current.filter((id) => id !== from);
  if (from === unassignedResourceId) return [to];
  const next = current.map((id) => (id === from ? to : id));
  return [...new Set(next)];
}

export function moveRequestOf(info: EventDropArg | EventResizeDoneArg): MoveRequest {
  const { event, oldEvent } = info;
  const props = event.extendedProps as Props;
  const drop = 'oldResource' in info ? info : null;
  const previous = { ...timesOf(oldEvent), assigneeIds: [...props.assigneeIds] };
  return {
    eventId: event.id,
    jobId: props.jobId,
    title: event.title,
    occurrenceKey: props.occurrenceKey,
    recurring: props.recurring,
    flexible: props.flexible ?? false,
    version: props.version,
    allDay: event.allDay,
    ...timesOf(event),
    assigneeIds: drop ? reassigned(props.assigneeIds, drop.oldResource?.id, drop.newResource?.id) : null,
    previous,
    revert: info.revert,
  };
}

/** A slot the user clicked or selected, as the new-job form's prefill. */
export interface SlotRequest {
  start: string;
  end: string;
  allDay: boolean;
  technicianId: string | null;
}

/**
 * A selection as a job's time: a single 15-minute click becomes an hour; a single day on a
 * day-slotted view (month, timeline week) becomes an hour at the start of working hours.
 */
export function slotOf(
  info: Pick<DateSelectArg, 'start' | 'end' | 'allDay' | 'resource'>,
  zone: string,
  workStart: string,
  /** How long a job made from a single click lasts: the workspace's default job length. */
  minutes = 60,
): SlotRequest {
  const resourceId = info.resource?.id;
  const technicianId = resourceId && resourceId !== unassignedResourceId ? resourceId : null;
  const start = info.start.getTime();
  const end = info.end.getTime();
  if (!info.allDay) {
    const length = end - start <= 15 * 60_000 ? minutes * 60_000 : end - start;
    return {
      start: new Date(start).toISOString(),
      end: new Date(start + length).toISOString(),
      allDay: false,
      technicianId,
    };
  }
  const startDay = formatDateOnly(instantToWall(zone, start));
  const days = Math.round((end - start) / 86_400_000);
  if (days > 1) {
    return { start: startDay, end: formatDateOnly(instantToWall(zone, end)), allDay: true, technicianId };
  }
  const [h = 8, m = 0] = workStart.split(':').map(Number);
  const wall = Date.parse(`${startDay}T00:00:00Z`) + (h * 60 + m) * 60_000;
  const at = wallToInstant(zone, wall);
  return {
    start: new Date(at).toISOString(),
    end: new Date(at + minutes * 60_000).toISOString(),
    allDay: false,
    technicianId,
  };
}
