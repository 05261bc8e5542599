import { formatDateOnly, instantToWall, type Member, unassignedResourceId } from '@fieldplan/shared';
import type { CalendarVisit } from '../../entities/job/calendar-visit';

export interface TechnicianDay {
  id: string;
  name: string;
  colour: string;
  jobs: number;
  /** Booked minutes (timed jobs, not cancelled). */
  minutes: number;
}

export interface DoubleBooking {
  a: CalendarVisit;
  b: CalendarVisit;
  technicianIds: string[];
}

/** A marked visit whose clash isn't another visit of the list: busy time, or a job filtered out. */
export interface LoneClash {
  visit: CalendarVisit;
  /** It lies on busy time from a subscribed calendar. */
  onBusy: boolean;
  /** It double-books a job the board's filters leave out. */
  withHidden: boolean;
}

const dayOf = (v: CalendarVisit, zone: string) => formatDateOnly(v.allDay ? v.start : instantToWall(zone, v.start));

/** Busy time's ids in a visit's marks (the feed's background events, `busy:…`). */
const isBusyId = (id: string) => id.startsWith('busy:');

/**
 * The board's day summary: jobs and booked time per technician (and unassigned), and every pair
 * of jobs that double-books someone, for one date of the workspace zone. `flagged` counts the
 * visits the board marks double-booked — the same `overlapsWith` marks its events show — and
 * `lone` names the marked ones no pair explains (busy time, or a partner the filters hide).
 */
export function summariseDay(visits: readonly CalendarVisit[], date: string, zone: string, members: readonly Member[]) {
  const today = visits.filter((v) => {
    if (v.allDay) return formatDateOnly(v.start) <= date && date < formatDateOnly(v.end);
    return dayOf(v, zone) === date;
  });
  const technicians: TechnicianDay[] = members
    .filter((m) => m.role === 'technician' && m.active)
    .map((m) => ({ id: m.id, name: m.name, colour: m.colour, jobs: 0, minutes: 0 }));
  const byId = new Map(technicians.map((t) => [t.id, t]));
  let unassigned = 0;
  for (const e of today) {
    const ids = e.assigneeIds;
    if (ids.length === 0 || ids[0] === unassignedResourceId) unassigned += 1;
    const minutes = e.allDay || e.status === 'cancelled' ? 0 : (e.end - e.start) / 60_000;
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
    for (const otherId of a.overlapsWith) {
      const b = byEventId.get(otherId);
      const key = [a.id, otherId].sort().join('|');
      if (!b || seen.has(key)) continue;
      seen.add(key);
      const technicianIds = a.assigneeIds.filter((id) => b.assigneeIds.includes(id));
      doubles.push(a.start <= b.start ? { a, b, technicianIds } : { a: b, b: a, technicianIds });
    }
  }
  doubles.sort((x, y) => x.a.start - y.a.start);
  const marked = today.filter((v) => v.overlapsWith.length > 0);
  const lone: LoneClash[] = marked
    .map((visit) => ({
      visit,
      onBusy: visit.overlapsWith.some(isBusyId),
      withHidden: visit.overlapsWith.some((id) => !isBusyId(id) && !byEventId.has(id)),
    }))
    .filter((c) => c.onBusy || c.withHidden);
  return { total: today.length, unassigned, technicians, doubles, flagged: marked.length, lone };
}
