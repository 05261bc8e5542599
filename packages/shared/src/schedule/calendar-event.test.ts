import { describe, expect, it } from 'vitest';
import { calendarEventOf, visitOfCalendarEvent } from './calendar-event.js';
import { markDoubleBookings } from './double-booking.js';
import { scheduleJob } from './test-fixtures.js';
import { visitsInRange } from './visit.js';

const zone = 'America/New_York';
const range = { start: Date.parse('2026-03-01T00:00:00Z'), end: Date.parse('2026-03-15T00:00:00Z') };

describe('calendarEventOf', () => {
  it('sends the feed wire event, and a client reads the same visit back from it', () => {
    const at = Date.parse('2026-03-06T14:00:00Z');
    const visits = visitsInRange(
      [
        scheduleJob({ id: 'a', start: at, end: at + 3_600_000, flexibleWindow: { start: at, end: at + 7_200_000 } }),
        scheduleJob({ id: 's', start: at, end: at + 1_800_000, rrule: 'FREQ=DAILY;COUNT=3', assigneeIds: [] }),
        scheduleJob({ id: 'b', start: at, end: at + 1_800_000, assigneeIds: ['t1', 't2'] }),
        scheduleJob({ id: 'd', allDay: true, start: Date.parse('2026-03-08'), end: Date.parse('2026-03-10') }),
      ],
      zone,
      range,
    );
    markDoubleBookings(visits);
    const colours = new Map([['t1', '#112233']]);
    const events = visits.map((v) => calendarEventOf(v, colours));
    expect(events.find((e) => e.id === 'a')).toMatchObject({
      start: '2026-03-06T14:00:00.000Z',
      resourceIds: ['t1'],
      backgroundColor: '#112233',
      extendedProps: { flexible: true, recurring: false, overlapsWith: ['b'] },
    });
    expect(events.find((e) => e.id === `s:${at}`)).toMatchObject({
      resourceIds: ['unassigned'],
      backgroundColor: '#9E9E9E',
      extendedProps: { occurrenceKey: '2026-03-06T14:00:00.000Z', recurring: true, flexible: false },
    });
    expect(events.find((e) => e.id === 'd')).toMatchObject({ start: '2026-03-08', end: '2026-03-10', allDay: true });
    for (const e of events) expect(calendarEventOf(visitOfCalendarEvent(e), colours)).toEqual(e);
  });
});
