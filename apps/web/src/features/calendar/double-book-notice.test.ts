import type { BusyTime } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { bookingOf, clashMessage, clashOf } from './double-book-notice';

const hour = 3_600_000;
const nine = Date.parse('2026-11-23T09:00:00.000Z');

function visit(id: string, title: string, start: number, assigneeIds: string[], extra: Partial<CalendarVisit> = {}) {
  const v: CalendarVisit = {
    id,
    job: {
      id,
      title,
      priority: 3,
      version: 1,
      customerId: null,
      customerName: null,
      address: '',
      lat: null,
      lng: null,
    },
    occurrenceKey: null,
    start,
    end: start + hour,
    allDay: false,
    status: 'scheduled',
    assigneeIds,
    flexible: false,
    overlapsWith: [],
    colour: '#000000',
    ...extra,
  };
  return v;
}

const names = new Map([
  ['alex', 'Alex'],
  ['sam', 'Sam'],
]);
const boiler = visit('boiler', 'Boiler service', nine, ['alex']);
const gutter = visit('gutter', 'Gutter clean', nine, ['sam']);
const at = (start: number, assigneeIds: string[]) => ({
  start: new Date(start).toISOString(),
  end: new Date(start + hour).toISOString(),
  allDay: false,
  assigneeIds,
});

describe('the double-booking notice of a move', () => {
  it('names the technician and the other job when the new place overlaps it', () => {
    const moving = visit('pump', 'Pump check', nine + 3 * hour, ['alex']);
    const visits = [boiler, gutter, moving];
    const booking = bookingOf('pump', 'pump', at(nine + hour / 2, ['alex']), visits);
    if (!booking) throw new Error('no booking');
    const clash = clashOf(booking, visits, []);
    expect(clash).toEqual({ technicianIds: ['alex'], titles: ['Boiler service'], onBusy: false });
    expect(clash && clashMessage(clash, names)).toBe('Double-books Alex with “Boiler service”');
  });

  it('says nothing for a free slot, its own other place, or a cancelled visit', () => {
    const visits = [boiler, gutter];
    const free = bookingOf('pump', 'pump', at(nine + 2 * hour, ['alex']), visits);
    expect(free && clashOf(free, visits, [])).toBeNull();
    const itself = bookingOf('boiler', 'boiler', at(nine + hour / 2, ['alex']), visits);
    expect(itself && clashOf(itself, visits, [])).toBeNull();
    const cancelled = visit('old', 'Old', nine, ['alex'], { status: 'cancelled' });
    const onCancelled = bookingOf('old', 'old', at(nine, ['alex']), [cancelled, boiler]);
    expect(onCancelled && clashOf(onCancelled, [cancelled, boiler], [])).toBeNull();
    expect(bookingOf('x', 'x', { start: null, end: null, allDay: false, assigneeIds: ['alex'] }, visits)).toBeNull();
  });

  it('counts busy time from a subscribed calendar, and shortens a long list', () => {
    const busy: BusyTime[] = [{ id: 'busy:1', start: nine, end: nine + hour, memberId: 'sam' }];
    const visits = [boiler, gutter, visit('roof', 'Roof', nine, ['alex']), visit('tap', 'Tap', nine, ['alex'])];
    const booking = bookingOf('pump', 'pump', at(nine, ['alex', 'sam']), visits);
    const clash = booking && clashOf(booking, visits, busy);
    expect(clash?.technicianIds).toEqual(['alex', 'sam']);
    expect(clash && clashMessage(clash, names)).toBe(
      'Double-books Alex and Sam with “Boiler service”, “Gutter clean” and 3 more',
    );
  });
});
