import type { LiveLocation } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { fakeFetch, json } from '../../test/fake-api';
import { locationsApi, upsertLocation } from './endpoints';

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

describe('the cached latest positions', () => {
  it('keep a live fix that came while a refetch was on its way, and take what the refetch has newer', async () => {
    const first = [at('m1', '2026-11-22T10:00:00Z'), at('m3', '2026-11-22T10:00:00Z')];
    let answer: (list: LiveLocation[]) => void = () => {};
    let calls = 0;
    const fetch = fakeFetch({
      'GET /workspaces/ws/locations': () => {
        calls += 1;
        if (calls === 1) return json(first);
        return new Promise<Response>((resolve) => {
          answer = (list) => resolve(json(list));
        });
      },
    });
    const store = makeStore({ fetchFn: fetch, onUnauthenticated: () => {} });
    const query = store.dispatch(locationsApi.endpoints.getLocations.initiate('ws'));
    await query;

    // A refetch (focus, reconnect) is answered with what the server had then…
    const refetch = query.refetch();
    await new Promise((r) => setTimeout(r, 0));
    // …while live events bring m1's next fix and m2's first one.
    const live = [at('m1', '2026-11-22T10:00:05Z', 52.6), at('m2', '2026-11-22T10:00:05Z')];
    for (const location of live) {
      store.dispatch(locationsApi.util.updateQueryData('getLocations', 'ws', (list) => upsertLocation(list, location)));
    }
    answer([...first.slice(0, 1), at('m3', '2026-11-22T10:00:04Z', 52.7)]);
    await refetch;

    const cached = locationsApi.endpoints.getLocations.select('ws')(store.getState() as never).data ?? [];
    const byMember = Object.fromEntries(cached.map((l) => [l.memberId, l.lat]));
    expect(byMember).toEqual({ m1: 52.6, m2: 52.5, m3: 52.7 });
    query.unsubscribe();
  });
});
