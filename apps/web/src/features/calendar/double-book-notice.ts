import { type Booked, type BusyTime, busyUnder, doubleBooks, parseJobTime } from '@fieldplan/shared';
import type { RootState } from '../../base/store-types';
import { feedsApi } from '../../entities/feed/endpoints';
import { calendarApi } from '../../entities/job/calendar-endpoints';
import { busyTimesOf } from '../../entities/job/calendar-patch';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { t } from '../../lib/i18n';

/** Who a visit at its new place double-books, and with what (the shared model's rules). */
export interface Clash {
  /** Technicians booked twice: shared with another job's visit, or on their busy time. */
  technicianIds: string[];
  /** The other jobs' titles, each once. */
  titles: string[];
  /** It lies on busy time from a subscribed calendar. */
  onBusy: boolean;
}

/** Where a write puts a visit, as the double-booking checks read it; null without a time. */
export function bookingOf(
  eventId: string,
  jobId: string,
  at: { start: string | null; end: string | null; allDay: boolean; assigneeIds: readonly string[] },
  visits: readonly CalendarVisit[],
): Booked | null {
  const start = at.start === null ? null : parseJobTime(at.start, at.allDay);
  const end = at.end === null ? null : parseJobTime(at.end, at.allDay);
  if (start === null || end === null) return null;
  const status = visits.find((v) => v.id === eventId)?.status ?? 'scheduled';
  return { id: eventId, job: { id: jobId }, start, end, allDay: at.allDay, status, assigneeIds: [...at.assigneeIds] };
}

/** The clash of `mine` with the other visits and busy time; null when it double-books no one. */
export function clashOf(mine: Booked, visits: readonly CalendarVisit[], busy: readonly BusyTime[]): Clash | null {
  const partners = visits.filter((v) => doubleBooks(mine, v));
  const busyIds = new Set(busyUnder(mine, busy));
  if (partners.length === 0 && busyIds.size === 0) return null;
  const who = new Set<string>();
  for (const v of partners) for (const id of mine.assigneeIds) if (v.assigneeIds.includes(id)) who.add(id);
  for (const b of busy) {
    if (!busyIds.has(b.id)) continue;
    for (const id of mine.assigneeIds) if (b.memberId === null || b.memberId === id) who.add(id);
  }
  const titles = [...new Map(partners.map((v) => [v.job.id, v.job.title])).values()];
  return { technicianIds: mine.assigneeIds.filter((id) => who.has(id)), titles, onBusy: busyIds.size > 0 };
}

/** "Alex", "Alex and Sam", "Alex, Sam and 2 more". */
function listed(items: readonly string[]): string {
  const [first = '', second = ''] = items;
  if (items.length <= 1) return first;
  if (items.length === 2) return t({ id: 'calendar.clash.two' }, { first, second });
  return t({ id: 'calendar.clash.more' }, { first, second, more: items.length - 2 });
}

/** "Double-books Alex with “Boiler service”" (or "… with busy time"). */
export function clashMessage(clash: Clash, names: ReadonlyMap<string, string>): string {
  const who = listed(clash.technicianIds.map((id) => names.get(id) ?? t({ id: 'calendar.clash.someTechnician' })));
  const what = [
    ...clash.titles.map((title) => t({ id: 'calendar.clash.title' }, { title })),
    ...(clash.onBusy ? [t({ id: 'calendar.clash.busyTime' })] : []),
  ];
  return t({ id: 'calendar.clash.message' }, { who, what: listed(what) });
}

/** Every visit the calendar cache holds for the workspace (each once) and its cached busy time. */
export function cachedBookings(state: RootState, workspaceId: string, zone: string) {
  const visits = new Map<string, CalendarVisit>();
  for (const args of calendarApi.util.selectCachedArgsForQuery(state, 'getCalendarEvents')) {
    if (args.workspaceId !== workspaceId) continue;
    for (const v of calendarApi.endpoints.getCalendarEvents.select(args)(state).data ?? []) visits.set(v.id, v);
  }
  const busy = new Map<string, BusyTime>();
  for (const args of feedsApi.util.selectCachedArgsForQuery(state, 'getBusy')) {
    if (args.workspaceId !== workspaceId) continue;
    const events = feedsApi.endpoints.getBusy.select(args)(state).data ?? [];
    for (const b of busyTimesOf(events, zone)) busy.set(b.id, b);
  }
  return { visits: [...visits.values()], busy: [...busy.values()] };
}
