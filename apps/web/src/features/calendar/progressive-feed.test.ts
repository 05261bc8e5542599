import { describe, expect, it } from 'vitest';
import { visit } from '../../test/schedule-fixtures';
import { planSlices, sameOr, visitsBySlice } from './progressive-feed';

const rows = ['unassigned', 'a', 'b', 'c', 'd', 'e'];
const at = (id: string, n: number, assigneeIds: string[]) =>
  Array.from({ length: n }, (_, i) =>
    visit({ id: `${id}${i}`, start: `2026-06-0${1 + (i % 5)}T08:00:00.000Z`, props: { assigneeIds } }),
  );

describe('feeding a large timeline', () => {
  const visits = [...at('a', 10, ['a']), ...at('b', 10, ['b']), ...at('x', 1, ['e', 'a']), ...at('c', 10, ['c'])];

  it('puts the rows that fill the screen first, the rest after', () => {
    const plan = planSlices(rows, visits, {
      viewport: 200,
      rowHeight: (_n, busiest) => 10 + busiest * 38,
      budget: Number.POSITIVE_INFINITY,
    });
    // Unassigned: 10 px; a: 10 + 3 × 38 = 124 px (134 in all); b (86 px) crosses the 200 px edge.
    expect(plan.slices).toEqual([
      ['unassigned', 'a', 'b'],
      ['c', 'd', 'e'],
    ]);
  });

  it('sends each visit with the first slice that shows one of its rows', () => {
    const plan = {
      slices: [
        ['unassigned', 'a'],
        ['b', 'c', 'd', 'e'],
      ],
    };
    const [first = [], rest = []] = visitsBySlice(plan, visits);
    expect(first.map((e) => e.id)).toEqual([...at('a', 10, ['a']).map((e) => e.id), 'x0']);
    expect(rest).toHaveLength(20);
  });

  it("keeps a slice's array when its visits are the same objects, so FullCalendar sees no change", () => {
    const slice = at('a', 3, ['a']);
    expect(sameOr(slice, [...slice])).toBe(slice);
    const changed = [...slice.slice(0, 2), visit({ id: 'a2' })];
    expect(sameOr(slice, changed)).toBe(changed);
  });
});
