import type { CalendarEvent, Job, Member } from '@fieldplan/shared';
import { type CalendarVisit, calendarVisitOf } from '../entities/job/calendar-visit';
import { members as baseMembers } from './fixtures';

/** Two technicians besides the fixtures' team (timeline rows, colours). */
export const technicians: Member[] = [
  ...baseMembers,
  {
    id: 'tech-2',
    userId: 'user-tech-2',
    name: 'Aylin Demir',
    email: 'tech2@demo.test',
    role: 'technician',
    colour: '#CC79A7',
    homeBase: null,
    active: true,
    joinedAt: '2026-11-01T09:00:00.000Z',
  },
];

export const colours = new Map(technicians.map((m) => [m.id, m.colour]));

/** A job as the API returns it; one-off, Monday 23 Nov 2026 09:00–10:00 Berlin (08:00Z). */
export function job(extra: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    customerId: 'cust-1',
    customerName: 'Bäckerei Koch',
    title: 'Boiler service',
    description: '',
    address: 'Hauptstraße 1, Berlin',
    lat: 52.5,
    lng: 13.4,
    start: '2026-11-23T08:00:00.000Z',
    end: '2026-11-23T09:00:00.000Z',
    allDay: false,
    status: 'scheduled',
    priority: 3,
    assigneeIds: ['member-technician'],
    rrule: null,
    flexibleWindow: null,
    exceptions: [],
    version: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...extra,
  };
}

/** A feed event (what the server sends), for the job above unless told otherwise. */
export function event(
  extra: Partial<CalendarEvent> & { props?: Partial<CalendarEvent['extendedProps']> } = {},
): CalendarEvent {
  const { props, ...rest } = extra;
  return {
    id: 'job-1',
    title: 'Boiler service',
    start: '2026-11-23T08:00:00.000Z',
    end: '2026-11-23T09:00:00.000Z',
    allDay: false,
    resourceIds: ['member-technician'],
    backgroundColor: '#009E73',
    borderColor: '#009E73',
    ...rest,
    extendedProps: {
      jobId: 'job-1',
      occurrenceKey: null,
      version: 1,
      status: 'scheduled',
      priority: 3,
      assigneeIds: ['member-technician'],
      customerId: 'cust-1',
      customerName: 'Bäckerei Koch',
      address: 'Hauptstraße 1, Berlin',
      lat: null,
      lng: null,
      recurring: false,
      flexible: false,
      overlapsWith: [],
      ...props,
    },
  };
}

/** The same as the calendar cache holds it (a visit, converted on arrival like the feed's events). */
export const visit = (extra: Parameters<typeof event>[0] = {}): CalendarVisit => calendarVisitOf(event(extra));
