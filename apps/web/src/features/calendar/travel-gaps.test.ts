import type { CalendarEvent, TravelLegAnswer, TravelLegs } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { visit as cachedVisit } from '../../test/schedule-fixtures';
import { travelNodes } from './travel-dom';
import { sameMarkers, type TravelGapEvent, travelGapEvents, travelTitle } from './travel-gaps';

// The timeline's travel markers: the server's drives paired with the visits as they are now.

const zone = 'Europe/Berlin';
const tech = 'member-technician';
const a = { lat: 52.52, lng: 13.4 };
const b = { lat: 52.61, lng: 13.4 };

/** A visit of `tech` on Monday 23 Nov 2026 (times UTC; Berlin is UTC+1). */
function visit(
  id: string,
  start: string,
  end: string,
  site: { lat: number; lng: number } | null = a,
  props: Partial<CalendarEvent['extendedProps']> = {},
): CalendarVisit {
  return cachedVisit({
    id,
    start: `2026-11-23T${start}:00.000Z`,
    end: `2026-11-23T${end}:00.000Z`,
    props: { jobId: id, lat: site?.lat ?? null, lng: site?.lng ?? null, assigneeIds: [tech], ...props },
  });
}

function leg(
  fromEventId: string | null,
  toEventId: string,
  driveMinutes: number,
  extra: Partial<TravelLegAnswer> = {},
) {
  return {
    memberId: tech,
    date: '2026-11-23',
    fromEventId,
    toEventId,
    gapMinutes: null,
    driveMinutes,
    distanceKm: driveMinutes / 2,
    tooShort: false,
    ...extra,
  } satisfies TravelLegAnswer;
}

const answer = (legs: TravelLegAnswer[]): TravelLegs => ({ legs, days: [], source: 'model' });

describe('travel markers on the timeline', () => {
  const first = visit('v1', '08:00', '09:00');
  const second = visit('v2', '09:05', '10:00', b);
  const third = visit('v3', '11:00', '12:00', a);
  const legs = answer([leg(null, 'v1', 7), leg('v1', 'v2', 26), leg('v2', 'v3', 26)]);

  it('marks each drive between visits in the technician’s row, ending where the later visit starts', () => {
    const markers = travelGapEvents([third, first, second], legs, zone);
    expect(markers).toEqual([
      {
        id: `travel:${tech}:v2`,
        resourceId: tech,
        // 26 minutes back from 09:05: over the end of the visit before.
        start: '2026-11-23T08:39:00.000Z',
        end: '2026-11-23T09:05:00.000Z',
        display: 'background',
        backgroundColor: 'transparent',
        classNames: ['fp-travel', 'fp-travel-short'],
        extendedProps: { travel: { gapMinutes: 5, driveMinutes: 26, tooShort: true } },
      },
      {
        id: `travel:${tech}:v3`,
        resourceId: tech,
        start: '2026-11-23T10:34:00.000Z',
        end: '2026-11-23T11:00:00.000Z',
        display: 'background',
        backgroundColor: 'transparent',
        classNames: ['fp-travel'],
        extendedProps: { travel: { gapMinutes: 60, driveMinutes: 26, tooShort: false } },
      },
    ]);
  });

  it('follows a moved visit at once: its gap and flag come from the live times', () => {
    const moved = visit('v2', '09:30', '10:20', b);
    const markers = travelGapEvents([first, moved, third], legs, zone);
    expect(markers.map((m) => [m.id, m.extendedProps.travel.gapMinutes, m.extendedProps.travel.tooShort])).toEqual([
      [`travel:${tech}:v2`, 30, false],
      [`travel:${tech}:v3`, 40, false],
    ]);
  });

  it('shows nothing for drives the answer has between other visits (stale until it is fetched again)', () => {
    // v3 moved before v2: the answer's v1 → v2 and v2 → v3 no longer follow each other.
    const early = visit('v3', '09:02', '09:04', a);
    expect(travelGapEvents([first, second, early], legs, zone).map((m) => m.id)).toEqual([]);
    expect(travelGapEvents([first, second], undefined, zone)).toEqual([]);
  });

  it('leaves out cancelled and all-day visits, and the same site next door (no drive worth a marker)', () => {
    const cancelled = visit('vx', '09:01', '09:03', b, { status: 'cancelled' });
    const allDay = cachedVisit({
      id: 'vd',
      allDay: true,
      start: '2026-11-23',
      end: '2026-11-24',
      props: { jobId: 'vd', assigneeIds: [tech], lat: b.lat, lng: b.lng },
    });
    const markers = travelGapEvents([first, second, cancelled, allDay], legs, zone);
    expect(markers.map((m) => m.id)).toEqual([`travel:${tech}:v2`]);
    // The same site back to back, or a few seconds' drive with time to spare: nothing to show.
    expect(travelGapEvents([first, visit('v2', '09:00', '10:00')], answer([leg('v1', 'v2', 0)]), zone)).toEqual([]);
    expect(travelGapEvents([first, visit('v2', '09:10', '10:00')], answer([leg('v1', 'v2', 0.2)]), zone)).toEqual([]);
    // … unless even that can't be made: back to back, 12 seconds apart.
    const tight = travelGapEvents([first, visit('v2', '09:00', '10:00')], answer([leg('v1', 'v2', 0.2)]), zone);
    expect(tight.map((m) => m.extendedProps.travel.tooShort)).toEqual([true]);
  });

  it('puts a visit of two technicians in both rows, each paired with its own drive', () => {
    const shared = visit('v2', '09:05', '10:00', b, { assigneeIds: [tech, 'tech-2'] });
    const other = cachedVisit({
      id: 'w1',
      start: '2026-11-23T07:00:00.000Z',
      end: '2026-11-23T09:00:00.000Z',
      props: { jobId: 'w1', lat: a.lat, lng: a.lng, assigneeIds: ['tech-2'] },
    });
    const both = answer([leg('v1', 'v2', 26), { ...leg('w1', 'v2', 12), memberId: 'tech-2' }]);
    const markers = travelGapEvents([first, shared, other], both, zone);
    expect(markers.map((m) => [m.resourceId, m.extendedProps.travel.driveMinutes])).toEqual([
      [tech, 26],
      ['tech-2', 12],
    ]);
  });

  it('keeps the same array while the markers are the same (FullCalendar re-renders on a new source)', () => {
    const before = travelGapEvents([first, second, third], legs, zone);
    const again = travelGapEvents([first, second, third], legs, zone);
    expect(sameMarkers(before, again)).toBe(before);
    const moved = travelGapEvents([first, visit('v2', '09:30', '10:20', b), third], legs, zone);
    expect(sameMarkers(before, moved)).toBe(moved);
  });

  it('says both times in the title, and "too short" with an icon when the drive does not fit', () => {
    const [short, quiet] = travelGapEvents([first, second, third], legs, zone) as [TravelGapEvent, TravelGapEvent];
    expect(travelTitle(short.extendedProps.travel)).toBe('5 min between visits, 26 min drive');
    const [node] = travelNodes({ event: short } as unknown as Parameters<typeof travelNodes>[0]) as [HTMLElement];
    expect(node.title).toBe('5 min between visits, 26 min drive');
    expect(node.textContent).toBe('too short·26 min drive');
    expect(node.querySelector('.ev-icon-alert')?.getAttribute('aria-hidden')).toBe('true');
    // The free time is the last 5 of the 26 minutes the marker spans.
    expect((node.querySelector('.tg-gap') as HTMLElement).style.width).toMatch(/^19\.23/);
    const [calm] = travelNodes({ event: quiet } as unknown as Parameters<typeof travelNodes>[0]) as [HTMLElement];
    expect(calm.className).toBe('tg');
    expect(calm.textContent).toBe('26 min drive');
    expect(calm.title).toBe('1 h 00 min between visits, 26 min drive');
    expect(travelTitle({ gapMinutes: 0, driveMinutes: 12, tooShort: true })).toBe(
      'No time between visits, 12 min drive',
    );
  });
});
