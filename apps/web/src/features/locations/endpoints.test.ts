import type { LiveLocation } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { upsertLocation } from './endpoints';

const at = (memberId: string, time: string, lat = 52.5): LiveLocation => ({
  memberId,
  lat,
  lng: 13.4,
  accuracyM: 10,
  heading: null,
  at: time,
});

describe('upsertLocation', () => {
  it('adds a member, replaces their older fix, and ignores one older than what is shown', () => {
    const first = upsertLocation([], at('m1', '2026-11-22T10:00:00Z'));
    expect(first).toEqual([at('m1', '2026-11-22T10:00:00Z')]);
    const moved = upsertLocation([...first, at('m2', '2026-11-22T10:00:00Z')], at('m1', '2026-11-22T10:00:05Z', 52.6));
    expect(moved.find((l) => l.memberId === 'm1')?.lat).toBe(52.6);
    expect(moved).toHaveLength(2);
    expect(upsertLocation(moved, at('m1', '2026-11-22T09:59:00Z', 1))).toBe(moved);
  });
});
