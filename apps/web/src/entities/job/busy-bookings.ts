import { type BusyEvent, type CalendarEvent, parseDateOnly, wallToInstant } from '@fieldplan/shared';
import { isBusy } from './job-events';

/** Imported busy time as the double-booking check sees it: instants, and whose time it is. */
export interface BusyBooking {
  id: string;
  start: number;
  end: number;
  /** A technician's busy time, or null for everyone's (a workspace feed). */
  memberId: string | null;
}

const instant = (value: string, allDay: boolean, zone: string) =>
  allDay ? wallToInstant(zone, parseDateOnly(value) ?? 0) : Date.parse(value);

/** Busy events as instants: all-day dates are the workspace zone's midnights, as the server reads them. */
export function busyBookingsOf(events: readonly BusyEvent[], zone: string): BusyBooking[] {
  return events.map((e) => ({
    id: e.id,
    start: instant(e.start, e.allDay, zone),
    end: instant(e.end, e.allDay, zone),
    memberId: e.extendedProps.memberId,
  }));
}

/**
 * The busy time a job's event lies on, as the server's feed marks it: a technician's own busy time,
 * or a workspace feed's for any assigned technician (all-day and cancelled jobs take no time).
 */
export function onBusyTime(e: CalendarEvent, busy: readonly BusyBooking[]): string[] {
  const who = e.extendedProps.assigneeIds;
  if (busy.length === 0 || who.length === 0 || !isBusy(e)) return [];
  const start = Date.parse(e.start);
  const end = Date.parse(e.end);
  return busy
    .filter((b) => b.end > b.start && b.start < end && start < b.end)
    .filter((b) => (b.memberId === null ? true : who.includes(b.memberId)))
    .map((b) => b.id);
}
