import type { AreaGeometry } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { inPriorityAndArea, parsePriority } from './visit-filter';

const square: AreaGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [13.3, 52.4],
      [13.5, 52.4],
      [13.5, 52.6],
      [13.3, 52.6],
      [13.3, 52.4],
    ],
  ],
};

describe('the board filters the feed does not apply', () => {
  it('reads a priority of 1–5 from the URL and nothing else', () => {
    expect(parsePriority('1')).toBe(1);
    expect(parsePriority('5')).toBe(5);
    for (const bad of [null, '', '0', '6', '1.5', ' 2', 'high', '12']) expect(parsePriority(bad)).toBeNull();
  });

  it('keeps a job of the chosen priority whose site lies inside the chosen area', () => {
    const inside = { priority: 2, lat: 52.5, lng: 13.4 };
    expect(inPriorityAndArea(inside, null, null)).toBe(true);
    expect(inPriorityAndArea(inside, 2, square)).toBe(true);
    expect(inPriorityAndArea(inside, 1, null)).toBe(false);
    expect(inPriorityAndArea({ priority: 2, lat: 48.1, lng: 11.5 }, null, square)).toBe(false);
  });

  it('puts a job without a site in no area', () => {
    expect(inPriorityAndArea({ priority: 3, lat: null, lng: null }, null, square)).toBe(false);
    expect(inPriorityAndArea({ priority: 3, lat: null, lng: null }, 3, null)).toBe(true);
  });
});
