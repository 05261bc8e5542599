import { describe, expect, it } from 'vitest';
import { overflowingItems } from './fit-items';

const row = [
  { width: 100, priority: 3 },
  { width: 80, priority: 1 },
  { width: 120, priority: 2 },
  { width: 90, priority: 4 },
];

describe('which top-bar items go into "More"', () => {
  it('keeps every item when the row fits, gaps included', () => {
    expect(overflowingItems(row, 390 + 3 * 4, 60, 4)).toEqual([]);
  });

  it('drops the least important first, beside room for "More", and reports them in row order', () => {
    // 60 (More) + 4 + 80 + 4 + 120 + 4 + 100 = 372: the priority-4 item goes.
    expect(overflowingItems(row, 380, 60, 4)).toEqual([3]);
    // Only More + the priority-1 item fit.
    expect(overflowingItems(row, 200, 60, 4)).toEqual([0, 2, 3]);
  });

  it('never skips ahead: a small, less important item does not jump a bigger one that did not fit', () => {
    const items = [
      { width: 200, priority: 1 },
      { width: 150, priority: 2 },
      { width: 20, priority: 3 },
    ];
    expect(overflowingItems(items, 300, 50, 0)).toEqual([1, 2]);
  });

  it('keeps all while the row is not laid out (0 px wide)', () => {
    expect(overflowingItems(row, 0, 60, 4)).toEqual([]);
  });
});
