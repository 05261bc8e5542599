import { describe, expect, it } from 'vitest';
import { slotOf } from './fc-translate';

const zone = 'Europe/Berlin';

describe('a job made from a calendar slot', () => {
  it('lasts the workspace default length when a single slot is clicked, and the chosen length when dragged', () => {
    const start = new Date('2026-11-23T08:00:00Z');
    const click = { start, end: new Date('2026-11-23T08:15:00Z'), allDay: false, resource: undefined };
    expect(slotOf(click, zone, '08:00', 90)).toMatchObject({
      start: '2026-11-23T08:00:00.000Z',
      end: '2026-11-23T09:30:00.000Z',
    });
    expect(slotOf(click, zone, '08:00').end).toBe('2026-11-23T09:00:00.000Z');
    const drag = { ...click, end: new Date('2026-11-23T10:00:00Z') };
    expect(slotOf(drag, zone, '08:00', 90).end).toBe('2026-11-23T10:00:00.000Z');
  });

  it('starts a day click at the working day start in the workspace zone and lasts the default length', () => {
    const day = {
      start: new Date('2026-11-23T00:00:00Z'),
      end: new Date('2026-11-24T00:00:00Z'),
      allDay: true,
      resource: undefined,
    };
    // 07:30 in Berlin (UTC+1 in November) is 06:30 UTC.
    expect(slotOf(day, zone, '07:30', 45)).toMatchObject({
      start: '2026-11-23T06:30:00.000Z',
      end: '2026-11-23T07:15:00.000Z',
      allDay: false,
    });
  });
});
