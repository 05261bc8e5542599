import {
  type CalendarEvent,
  formatDateOnly,
  instantToWall,
  type Member,
  unassignedResourceId,
} from '@fieldplan/shared';

export interface TechnicianDay {
  id: string;
  name: string;
  colour: string;
  jobs: number;
  /** Booked minutes (timed jobs, not cancelled). */
  minutes: number;
}

export interface DoubleBooking {
  a: CalendarEvent;
  b: CalendarEvent;
  technicianIds: string[];
}

const dayOf = (e: CalendarEvent, zone: string) =>
  e.allDay ? e.start.slice(0, 10) : formatDateOnly(instantToWall(zone, Date.parse(e.start)));

/**
 * The board's day summary: jobs and booked time per technician (and unassigned), and every pair
 * of jobs that double-books someone, for one date of the workspace zone.
 */
export function summariseDay(events: readonly CalendarEvent[], date: string, zone: string, members: readonly Member[]) {
  const today = events.filter((e) => {
    if (e.allDay) return e.start.slice(0, 10) <= date && date < e.end.slice(0, 10);
    return dayOf(e, zone) === date;
  });
  const technicians: TechnicianDay[] = members
    .filter((m) => m.role === 'technician' && m.active)
    .map((m) => ({ id: m.id, name: m.name, colour: m.colour, jobs: 0, minutes: 0 }));
  const byId = new Map(technicians.map((t) => [t.id, t]));
  let unassigned = 0;
  for (const e of today) {
    const ids = e.extendedProps.assigneeIds;
    if (ids.length === 0 || ids[0] === unassignedResourceId) unassigned += 1;
    const minutes =
      e.allDay || e.extendedProps.status === 'cancelled' ? 0 : (Date.parse(e.end) - Date.parse(e.start)) / 60_000;
    for (const id of ids) {
      const t = byId.get(id);
      if (!t) continue;
      t.jobs += 1;
      t.minutes += minutes;
    }
  }
  const byEventId = new Map(today.map((e) => [e.id, e]));
  const doubles: DoubleBooking[] = [];
  const seen = new Set<string>();
  for (const a of today) {
    for (const otherId of a.extendedProps.overlapsWith) {
      const b = byEventId.get(otherId);
      const key = [a.id, otherId].sort().join('|');
      if (!b || seen.has(key)) continue;
      seen.add(key);
      const technicianIds = a.extendedProps.assigneeIds.filter((id) => b.extendedProps.assigneeIds.includes(id));
      doubles.push(
        Date.parse(a.start) <= Date.parse(b.start) ? { a, b, technicianIds } : { a: b, b: a, technicianIds },
      );
    }
  }
  doubles.sort((x, y) => Date.parse(x.a.start) - Date.parse(y.a.start));
  return { total: today.length, unassigned, technicians, doubles };
}
