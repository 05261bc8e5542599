import type { BusyEvent } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { workspaceId } from '../../test/fixtures';
import { colours, job } from '../../test/schedule-fixtures';
import { applyJobChangeToVisits, busyTimesOf, rangeFilterOf } from './calendar-patch';

const zone = 'Europe/Berlin';
const week = rangeFilterOf(
  { workspaceId, start: '2026-11-23', end: '2026-11-30', technicianId: null, status: '' },
  zone,
);

function busy(id: string, start: string, end: string, memberId: string | null, allDay = false): BusyEvent {
  return {
    id,
    title: id,
    start,
    end,
    allDay,
    display: 'background',
    ...(memberId && { resourceIds: [memberId] }),
    backgroundColor: '#56B4E9',
    extendedProps: { feedId: 'feed-1', memberId },
  };
}

const bookings = busyTimesOf(
  [
    // A public holiday on Tuesday 24 November (all day in Berlin: 23:00Z the day before).
    busy('busy:holiday', '2026-11-24', '2026-11-25', null, true),
    busy('busy:dentist', '2026-11-25T09:30:00.000Z', '2026-11-25T10:30:00.000Z', 'member-technician'),
    busy('busy:other', '2026-11-25T09:30:00.000Z', '2026-11-25T10:30:00.000Z', 'tech-2'),
  ],
  zone,
);
const moveTo = (start: string, end: string, extra = {}) => ({
  entity: 'job' as const,
  action: 'updated' as const,
  data: job({ start, end, version: 2, ...extra }),
});

describe('a job moved onto busy time', () => {
  it('reads all-day busy dates as the workspace zone’s midnights', () => {
    expect(bookings[0]).toMatchObject({
      start: Date.parse('2026-11-23T23:00:00Z'),
      end: Date.parse('2026-11-24T23:00:00Z'),
    });
  });

  it('is marked double-booked on a workspace holiday and on its own technician’s busy time only', () => {
    const apply = (start: string, end: string, extra = {}) =>
      applyJobChangeToVisits([], moveTo(start, end, extra), week, { zone, colours }, bookings)[0]?.overlapsWith;
    expect(apply('2026-11-24T08:00:00.000Z', '2026-11-24T09:00:00.000Z')).toEqual(['busy:holiday']);
    expect(apply('2026-11-25T10:00:00.000Z', '2026-11-25T11:00:00.000Z')).toEqual(['busy:dentist']);
    // Touching is not overlapping; another technician's busy time is theirs.
    expect(apply('2026-11-25T10:30:00.000Z', '2026-11-25T11:00:00.000Z')).toEqual([]);
    expect(apply('2026-11-25T10:00:00.000Z', '2026-11-25T11:00:00.000Z', { assigneeIds: ['tech-3'] })).toEqual([]);
    // Unassigned and cancelled jobs take nobody's time.
    expect(apply('2026-11-24T08:00:00.000Z', '2026-11-24T09:00:00.000Z', { assigneeIds: [] })).toEqual([]);
    expect(apply('2026-11-24T08:00:00.000Z', '2026-11-24T09:00:00.000Z', { status: 'cancelled' })).toEqual([]);
  });
});
