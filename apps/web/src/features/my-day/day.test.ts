import { type JobStatus, type MyDay, type MyDayVisit, travelLeg } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { dayTitle, directionsUrl, localDate, nextWorkingStep, phoneLink, shiftDate, stopsOf, timeWindow } from './day';
import { dayOrder } from './order';

const visit = (overrides: Partial<MyDayVisit>): MyDayVisit => ({
  id: 'j1',
  jobId: 'j1',
  occurrence: null,
  version: 1,
  title: 'Boiler service',
  start: '2026-03-02T08:00:00.000Z',
  end: '2026-03-02T09:30:00.000Z',
  allDay: false,
  status: 'scheduled',
  assigneeIds: ['m1'],
  customerName: 'Anna Schmidt',
  description: '',
  customerPhone: null,
  customerNotes: '',
  address: 'Torstraße 1, Berlin',
  lat: 52.529,
  lng: 13.401,
  ...overrides,
});

const home = { lat: 52.52, lng: 13.405 };

describe('my day: stops and travel', () => {
  it('gives each stop the drive from the previous one, home first', () => {
    const a = visit({ id: 'a' });
    const b = visit({ id: 'b', lat: 52.5, lng: 13.3, start: '2026-03-02T10:00:00.000Z' });
    const day: MyDay = { date: '2026-03-02', timeZone: 'Europe/Berlin', homeBase: home, visits: [a, b] };
    const stops = stopsOf(day);
    expect(stops.map((s) => s.visit.id)).toEqual(['a', 'b']);
    const first = travelLeg(home, { lat: 52.529, lng: 13.401 });
    expect(first.durationS).toBeGreaterThan(60);
    expect(stops[0]?.travel).toBe(`${Math.round(first.durationS / 60)} min drive · 1.3 km from home`);
    expect(stops[1]?.travel).toMatch(/^\d+ min drive · 9\.\d km from previous stop$/);
  });

  it('uses the configured model', () => {
    const day: MyDay = { date: '2026-03-02', timeZone: 'UTC', homeBase: home, visits: [visit({})] };
    const slow = stopsOf(day, { detourFactor: 2, speedKmh: 10 })[0]?.travel;
    expect(slow).toMatch(/^12 min drive · 2\.1 km from home$/);
  });

  it('has no drive for the first stop without a home base, nor to or from a visit without a place', () => {
    const day: MyDay = {
      date: '2026-03-02',
      timeZone: 'UTC',
      homeBase: null,
      visits: [visit({ id: 'a' }), visit({ id: 'b', lat: null, lng: null }), visit({ id: 'c', lat: 52.5, lng: 13.3 })],
    };
    const [a, b, c] = stopsOf(day);
    expect(a?.travel).toBeNull();
    expect(b?.travel).toBeNull();
    // From the last place known (a), not from the unplaced b.
    expect(c?.travel).toMatch(/from previous stop$/);
  });

  it('shows time windows in the workspace zone', () => {
    expect(timeWindow(visit({}), 'Europe/Berlin')).toBe('09:00–10:30');
    expect(timeWindow(visit({}), 'UTC')).toBe('08:00–09:30');
    expect(timeWindow(visit({ allDay: true, start: '2026-03-02', end: '2026-03-03' }), 'UTC')).toBe('All day');
  });

  it('moves forward one working status at a time', () => {
    const tech = { role: 'technician', memberId: 'member-technician' } as const;
    const mine = (status: JobStatus) => ({ status, start: '2026-03-02T08:00:00Z', assigneeIds: [tech.memberId] });
    const nextWorkingStatus = (status: JobStatus) => nextWorkingStep(mine(status), tech)?.status ?? null;
    expect(nextWorkingStatus('scheduled')).toBe('en_route');
    expect(nextWorkingStatus('en_route')).toBe('in_progress');
    expect(nextWorkingStatus('in_progress')).toBe('completed');
    expect(nextWorkingStatus('completed')).toBeNull();
    expect(nextWorkingStatus('unscheduled')).toBeNull();
    expect(nextWorkingStep(mine('scheduled'), tech)?.label).toBe('On my way');
    // Someone else's visit has no step; reopening a completed one is no working step.
    expect(nextWorkingStep({ ...mine('scheduled'), assigneeIds: ['tech-2'] }, tech)).toBeNull();
    expect(nextWorkingStep(mine('completed'), { role: 'dispatcher', memberId: 'member-dispatcher' })).toBeNull();
  });

  it('links directions to the site, or its address', () => {
    expect(directionsUrl(visit({}))).toBe('https://www.google.com/maps/dir/?api=1&destination=52.529%2C13.401');
    expect(directionsUrl(visit({ lat: null, lng: null }))).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Torstra%C3%9Fe%201%2C%20Berlin',
    );
    expect(directionsUrl(visit({ lat: null, lng: null, address: ' ' }))).toBeNull();
  });

  it('names days and moves between them across months and years', () => {
    expect(shiftDate('2026-02-28', 1)).toBe('2026-03-01');
    expect(shiftDate('2026-01-01', -1)).toBe('2025-12-31');
    expect(dayTitle('2026-03-02', '2026-03-02')).toBe('Today');
    expect(dayTitle('2026-03-03', '2026-03-02')).toBe('Tomorrow');
    expect(dayTitle('2026-03-01', '2026-03-02')).toBe('Yesterday');
    expect(dayTitle('2026-03-10', '2026-03-02')).toBe('Tue, 10 Mar');
    expect(localDate(new Date(2026, 2, 2, 23, 59))).toBe('2026-03-02');
  });

  it('drives past a cancelled visit', () => {
    const day: MyDay = {
      date: '2026-03-02',
      timeZone: 'UTC',
      homeBase: home,
      visits: [visit({ id: 'a', status: 'cancelled', lat: 52.4, lng: 13.2 }), visit({ id: 'b' })],
    };
    const [a, b] = stopsOf(day);
    expect(a?.travel).toBeNull();
    expect(b?.travel).toMatch(/1\.3 km from home$/);
  });

  it('dials and texts the digits of a phone number', () => {
    expect(phoneLink('tel', '+49 (30) 555-0101')).toBe('tel:+49305550101');
    expect(phoneLink('sms', '030 5550101')).toBe('sms:0305550101');
    expect(phoneLink('tel', null)).toBeNull();
    expect(phoneLink('tel', ' - ')).toBeNull();
  });
});

describe('my day: order', () => {
  const stop = (id: string, status: JobStatus) => ({ visit: visit({ id, status }), travel: null });
  const ids = (stops: { visit: MyDayVisit }[]) => stops.map((s) => s.visit.id);

  it('puts work in progress, then the drive, then the rest by time; done and cancelled apart', () => {
    const stops = [
      stop('done', 'completed'),
      stop('early', 'scheduled'),
      stop('driving', 'en_route'),
      stop('off', 'cancelled'),
      stop('working', 'in_progress'),
      stop('late', 'scheduled'),
    ];
    const order = dayOrder(stops, (s) => s.visit.status);
    expect(ids(order.open)).toEqual(['working', 'driving', 'early', 'late']);
    expect(ids(order.closed)).toEqual(['done', 'off']);
  });

  it('reads the status shown, so a change waiting to be sent reorders at once', () => {
    const stops = [stop('a', 'scheduled'), stop('b', 'scheduled')];
    const order = dayOrder(stops, (s) => (s.visit.id === 'a' ? 'completed' : s.visit.status));
    expect(ids(order.open)).toEqual(['b']);
    expect(ids(order.closed)).toEqual(['a']);
  });
});
