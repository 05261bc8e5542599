import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visit } from '../../test/schedule-fixtures';
import type { ScheduleResource } from './resources';
import { useWindowedFeed } from './use-windowed-feed';

// 20 rows: sources of eight rows are rows 0–7, 8–15 and 16–19.
const rows: ScheduleResource[] = Array.from({ length: 20 }, (_, i) => ({
  id: `r${i}`,
  title: `Row ${i}`,
  eventColor: '#000',
  extendedProps: { colour: '#000', sortIndex: i, unassigned: false },
}));
const at = (id: string, assigneeIds: string[]) => visit({ id, props: { assigneeIds } });
const visits = [at('a', ['r1']), at('b', ['r9']), at('c', ['r18']), at('shared', ['r2', 'r17'])];
const ids = (sources: { id: string }[][]) => sources.map((s) => s.map((e) => e.id));

describe('the events a windowed timeline gives FullCalendar', () => {
  it('gives the drawn rows’ sources only, a visit of rows in two sources from the start, and keeps what it gave', () => {
    const { result, rerender } = renderHook(
      ({ drawn }: { drawn: Set<number> }) => useWindowedFeed({ rows, visits, drawn, rangeKey: 'week' }),
      { initialProps: { drawn: new Set([0, 1, 2]) } },
    );
    // The shared visit first (it belongs in rows 2 and 17), then rows 0–7's source. Rows 9 and 18 are not drawn.
    expect(ids(result.current)).toEqual([['shared'], ['a']]);
    const [shared, first] = result.current;

    // Scrolled to the bottom: rows 16–19's source comes; the ones given before stay, the same arrays.
    rerender({ drawn: new Set([17, 18, 19]) });
    expect(ids(result.current)).toEqual([['shared'], ['a'], ['c']]);
    expect(result.current[0]).toBe(shared);
    expect(result.current[1]).toBe(first);
  });

  it('gives a new array only for the source an edit touched', () => {
    const drawn = new Set([0, 9]);
    const { result, rerender } = renderHook(
      ({ list }: { list: typeof visits }) => useWindowedFeed({ rows, visits: list, drawn, rangeKey: 'week' }),
      { initialProps: { list: visits } },
    );
    const [shared, first, second] = result.current;
    rerender({ list: visits.map((v) => (v.id === 'b' ? { ...v, end: v.end + 3_600_000 } : v)) });
    expect(result.current[0]).toBe(shared);
    expect(result.current[1]).toBe(first);
    expect(result.current[2]).not.toBe(second);
  });

  it('starts again from the drawn rows for another range', () => {
    const { result, rerender } = renderHook(
      ({ rangeKey, drawn }: { rangeKey: string; drawn: Set<number> }) =>
        useWindowedFeed({ rows, visits, drawn, rangeKey }),
      { initialProps: { rangeKey: 'week 1', drawn: new Set([0, 9, 18]) } },
    );
    expect(ids(result.current)).toEqual([['shared'], ['a'], ['b'], ['c']]);
    rerender({ rangeKey: 'week 2', drawn: new Set([9]) });
    expect(ids(result.current)).toEqual([['shared'], ['b']]);
  });
});
