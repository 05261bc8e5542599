import { describe, expect, it } from 'vitest';
import { scrollTimeOf, workspaceOptions } from './calendar-options';
import { fullDaySpan, workingSpan } from './day-hours';
import { durationText } from './event-dom';

const hours = { start: '07:30', end: '18:15' };
const zone = 'Europe/Warsaw';
// 2027-01-18 is winter time in Warsaw: UTC+1.
const at = (wall: string) => Date.parse(`2027-01-18T${wall}:00+01:00`);
const timed = (start: string, end: string) => ({ start: at(start), end: at(end), allDay: false });

describe('workingSpan', () => {
  it('is the working day on whole hours', () => {
    expect(workingSpan(hours, [], zone)).toEqual({ min: '07:00:00', max: '19:00:00' });
  });

  it('widens to take in a visit before or after the working day, in the workspace zone', () => {
    const visits = [timed('06:15', '07:00'), timed('09:00', '10:00'), timed('19:00', '20:30')];
    expect(workingSpan(hours, visits, zone)).toEqual({ min: '06:00:00', max: '21:00:00' });
  });

  it('leaves all-day visits out and shows the whole day for a visit past midnight', () => {
    const allDay = { start: Date.UTC(2027, 0, 18), end: Date.UTC(2027, 0, 19), allDay: true };
    expect(workingSpan(hours, [allDay], zone)).toEqual({ min: '07:00:00', max: '19:00:00' });
    expect(workingSpan(hours, [{ start: at('22:00'), end: at('23:00') + 3 * 3_600_000, allDay: false }], zone)).toEqual(
      fullDaySpan,
    );
  });

  it('shows the whole day when the hours are unusable', () => {
    expect(workingSpan({ start: '18:00', end: '08:00' }, [], zone)).toEqual(fullDaySpan);
  });
});

describe('scrollTimeOf', () => {
  const wall = (hhmm: string) => Date.parse(`2027-01-18T${hhmm}:00Z`);
  it('opens at the start of the working day', () => {
    expect(scrollTimeOf(hours, false, wall('12:00'))).toBe('07:30:00');
    expect(scrollTimeOf(hours, true, wall('05:00'))).toBe('07:30:00');
    expect(scrollTimeOf(hours, true, wall('20:00'))).toBe('07:30:00');
  });

  it('opens half an hour before now when now is within the working day', () => {
    expect(scrollTimeOf(hours, true, wall('13:20'))).toBe('12:45:00');
  });
});

describe('workspaceOptions', () => {
  const settings = {
    timeZone: zone,
    weekStart: 1,
    workingHours: { start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5] },
    timeFormat: '24h',
    dateFormat: 'dmy',
  } as unknown as Parameters<typeof workspaceOptions>[0];

  it('spans the working hours and fits the day timeline to its width, or scrolls over 24 h', () => {
    const fit = workspaceOptions(settings, { min: '07:00:00', max: '19:00:00' }).views?.resourceTimelineDay;
    expect(fit).toMatchObject({ slotMinTime: '07:00:00', slotMaxTime: '19:00:00', slotMinWidth: 8 });
    expect(workspaceOptions(settings).views?.timeGridWeek).toMatchObject({ eventMaxStack: 2 });
    const full = workspaceOptions(settings).views?.resourceTimelineDay;
    expect(full).toMatchObject({ slotMinTime: '00:00:00', slotMaxTime: '24:00:00', slotMinWidth: 24 });
  });
});

describe('durationText', () => {
  it('writes a block length in hours and minutes', () => {
    const start = new Date(at('09:00'));
    expect(durationText(start, new Date(at('10:00')))).toBe('1 h');
    expect(durationText(start, new Date(at('09:45')))).toBe('45 min');
    expect(durationText(start, new Date(at('11:30')))).toBe('2 h 30 min');
    expect(durationText(start, null)).toBe('');
  });
});
