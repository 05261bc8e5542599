import { describe, expect, it } from 'vitest';
import { visit } from '../../test/schedule-fixtures';
import type { ScheduleResource } from './resources';
import { estimateRowHeight, isSpacerId, rowLoads, rowsMeeting, windowedResources } from './row-window';

const row = (id: string, sortIndex: number): ScheduleResource => ({
  id,
  title: id,
  eventColor: '#000',
  extendedProps: { colour: '#000', sortIndex, unassigned: false },
});
const rows = ['u', 'a', 'b', 'c', 'd', 'e'].map((id, i) => row(id, i - 1));
const heights = [40, 200, 200, 200, 200, 200];

describe('windowing the timeline rows', () => {
  it('finds the rows that meet a band of the scroller', () => {
    expect(rowsMeeting(heights, 0, 300)).toEqual({ first: 0, last: 2 });
    // 240 is where c starts: b ends there, so it doesn't meet [240, 500).
    expect(rowsMeeting(heights, 240, 500)).toEqual({ first: 2, last: 3 });
    expect(rowsMeeting(heights, -100, 30)).toEqual({ first: 0, last: 0 });
    // Scrolled past the end (the rows shrank under the scroll position): the last row.
    expect(rowsMeeting(heights, 5000, 5600)).toEqual({ first: 5, last: 5 });
  });

  it('stands one spacer, as tall as the rows it replaces, for each run of rows not shown', () => {
    const out = windowedResources(rows, heights, new Set([2, 3]));
    expect(out.map((r) => r.id)).toEqual(['fp-spacer-u', 'b', 'c', 'fp-spacer-d']);
    expect(out[0]?.extendedProps).toEqual({ sortIndex: -1.5, spacer: 240 });
    expect(out[3]?.extendedProps).toEqual({ sortIndex: 2.5, spacer: 400 });
    // Every row's height is there: the scroller keeps its height and each row its position.
    const total = out.reduce(
      (sum, r) =>
        sum +
        ('spacer' in r.extendedProps ? r.extendedProps.spacer : (heights[rows.indexOf(r as ScheduleResource)] ?? 0)),
      0,
    );
    expect(total).toBe(heights.reduce((a, b) => a + b, 0));
    expect(out.filter((r) => isSpacerId(r.id))).toHaveLength(2);
  });

  it('keeps a focused row far from the window, with spacers on both sides of it', () => {
    const out = windowedResources(rows, heights, new Set([0, 1, 4]));
    expect(out.map((r) => r.id)).toEqual(['u', 'a', 'fp-spacer-b', 'd', 'fp-spacer-e']);
    // Spacers sort between their neighbours (FullCalendar orders rows by sortIndex).
    const order = out.map((r) => r.extendedProps.sortIndex);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });

  it('gives every row when all are shown', () => {
    expect(windowedResources(rows, heights, new Set([0, 1, 2, 3, 4, 5])).map((r) => r.id)).toEqual(
      rows.map((r) => r.id),
    );
  });

  it('estimates a row from its jobs: a week row by its busiest day, a day row by its count', () => {
    const visits = [
      ...[0, 1, 2].map((i) => visit({ id: `a${i}`, start: '2026-06-01T08:00:00.000Z', props: { assigneeIds: ['a'] } })),
      visit({ id: 'a3', start: '2026-06-02T08:00:00.000Z', props: { assigneeIds: ['a', 'b'] } }),
    ];
    const loads = rowLoads(visits);
    expect(loads.get('a')).toEqual({ events: 4, busiestDay: 3 });
    expect(loads.get('b')).toEqual({ events: 1, busiestDay: 1 });
    expect(estimateRowHeight(loads.get('a'), true)).toBeGreaterThan(estimateRowHeight(loads.get('b'), true));
    expect(estimateRowHeight(undefined, true)).toBe(estimateRowHeight(loads.get('b'), true));
    expect(estimateRowHeight(loads.get('a'), false)).toBeGreaterThan(estimateRowHeight(undefined, false));
  });
});
