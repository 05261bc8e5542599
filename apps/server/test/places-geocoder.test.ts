import type { Place } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchGeocoderJson } from '../src/modules/places/geocoder/fetch.js';
import { Geocoder } from '../src/modules/places/geocoder/geocoder.js';
import { photonApi } from '../src/modules/places/geocoder/photon.js';
import { type Client, createTestApp, type TestContext } from './harness.js';
import { ws } from './helpers.js';
import { closedPort, type PhotonStandIn, startPhotonStandIn } from './places-photon.js';
import { createCustomer, createTeam, type Team } from './schedule-helpers.js';

const search = async (client: Client, q: string, workspaceId?: string) => {
  const params = new URLSearchParams({ q });
  if (workspaceId) params.set('ws', workspaceId);
  const res = await client.get(`/api/v1/places?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  const notice = res.headers['fieldplan-notice'];
  return { places: res.json() as Place[], notice: typeof notice === 'string' ? notice : undefined };
};

describe('places with a Photon geocoder (docs/PRODUCT.md, "Places")', () => {
  let photon: PhotonStandIn;
  let ctx: TestContext;
  let team: Team;

  beforeAll(async () => {
    photon = await startPhotonStandIn();
    ctx = await createTestApp({
      env: { GEOCODER_URL: photon.url, GEOCODER_CONTACT: 'ops@fieldplan.test', GEOCODER_MIN_INTERVAL_MS: '20' },
    });
    team = await createTeam(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await photon.close();
  });

  it('finds a street address with its position, asking with a User-Agent and the map centre', async () => {
    const { places, notice } = await search(team.dispatcher.client, 'Torstraße 50', team.owner.workspaceId);
    expect(notice).toBeUndefined();
    expect(places[0]).toEqual({
      id: 'osm:N2786524321',
      label: 'Torstraße 50, 10119 Berlin',
      secondary: 'Germany',
      lat: 52.5295,
      lng: 13.4019,
      source: 'address',
    });
    const sent = photon.requests.at(-1);
    expect(sent?.url.pathname).toBe('/api');
    expect(sent?.url.searchParams.get('q')).toBe('Torstraße 50');
    expect(sent?.url.searchParams.get('limit')).toBe('10');
    // The workspace's map centre (Berlin by default) biases the search.
    expect(sent?.url.searchParams.get('lat')).toBe('52.52');
    expect(sent?.url.searchParams.get('lon')).toBe('13.40');
    expect(sent?.userAgent).toMatch(/^Fieldplan\/\S+ \(\+ops@fieldplan\.test\)$/);
  });

  it('answers the same search again from its cache, whatever the case and spacing', async () => {
    await search(team.dispatcher.client, 'Schönhauser', team.owner.workspaceId);
    const asked = photon.requests.length;
    const again = await search(team.viewer.client, '  schönhauser ', team.owner.workspaceId);
    expect(again.places.map((p) => p.label)).toContain('Schönhauser Allee, 10435 Berlin');
    expect(photon.requests.length).toBe(asked);
    // Another bias is another question.
    await search(team.viewer.client, 'Schönhauser');
    expect(photon.requests.length).toBe(asked + 1);
  });

  it('ranks "Berlin" by the map centre and lists each place once', async () => {
    const inGermany = (await search(team.dispatcher.client, 'Berlin', team.owner.workspaceId)).places;
    expect(inGermany[0]).toMatchObject({ label: 'Berlin', secondary: 'Germany', source: 'city' });
    const shown = inGermany.map((p) => `${p.label} | ${p.secondary}`);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown.filter((s) => s === 'Berlin | Germany')).toHaveLength(1);
    // GeoNames lists six towns as "Berlin, United States": one row is left.
    expect(shown.filter((s) => s === 'Berlin | United States')).toHaveLength(1);
    expect(shown).toContain('Berlin | New Hampshire, United States');

    // The same search from a workspace whose map is in New Hampshire puts the nearby Berlin first.
    const current = (await team.owner.client.get(ws(team.owner.workspaceId))).json() as { map: object };
    const moved = await team.owner.client.patch(ws(team.owner.workspaceId), {
      map: { ...current.map, center: { lat: 44.3, lng: -71.5 } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const inNewHampshire = (await search(team.dispatcher.client, 'Berlin', team.owner.workspaceId)).places;
    expect(inNewHampshire[0]?.secondary).toMatch(/United States$/);
    expect(inNewHampshire.findIndex((p) => p.secondary === 'Germany')).toBeGreaterThan(0);
  });

  it("lists a customer's address once: the customer's, not the geocoder's", async () => {
    await createCustomer(team.owner, {
      name: 'Praxis Torstraße',
      address: 'Torstraße 50, 10119 Berlin',
      lat: 52.5295,
      lng: 13.4019,
    });
    const { places } = await search(team.dispatcher.client, 'Torstraße 50', team.owner.workspaceId);
    expect(places.filter((p) => p.label === 'Torstraße 50, 10119 Berlin')).toEqual([
      expect.objectContaining({ source: 'customer', secondary: 'Praxis Torstraße' }),
    ]);
  });

  it('coalesces identical searches into one request', async () => {
    photon.hold();
    const before = photon.requests.length;
    // One search in flight (held by the stand-in) …
    const first = search(team.tech1.client, 'Berliner Str');
    await expect.poll(() => photon.requests.length).toBe(before + 1);
    // … and four people asking the same thing meanwhile (queued behind it, or answered from the cache).
    const same = [team.owner, team.dispatcher, team.viewer, team.tech2].map((m) => search(m.client, 'Berlin Mitte'));
    photon.release();
    const answers = await Promise.all(same);
    await first;
    const asked = photon.requests.slice(before).map((r) => r.url.searchParams.get('q'));
    expect(asked).toEqual(['Berliner Str', 'Berlin Mitte']);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.notice).toBeUndefined();
  });
});

describe('the geocoder client', () => {
  let photon: PhotonStandIn;
  beforeAll(async () => {
    photon = await startPhotonStandIn();
  });
  afterAll(() => photon.close());

  const client = (minIntervalMs: number) =>
    new Geocoder({
      api: photonApi,
      base: new URL(photon.url),
      fetch: { userAgent: 'Fieldplan/test', timeoutMs: 2_000, maxBytes: 64 * 1024, publicOnly: false },
      minIntervalMs,
      maxWaitMs: 5_000,
    });
  const ask = (q: string) => ({ q, limit: 10 });

  it('sends one request at a time, and a caller typing on replaces their queued older search', async () => {
    const geocoder = client(50);
    photon.hold();
    const before = photon.requests.length;
    const first = geocoder.search(ask('Berlin'), 'tim');
    await expect.poll(() => photon.requests.length).toBe(before + 1);
    const other = geocoder.search(ask('Schönhauser Al'), 'olga');
    const typing = ['Schönhauser A', 'Schönhauser Al', 'Schönhauser Allee'].map((q) => geocoder.search(ask(q), 'tara'));
    // Nothing else was sent while the first is in flight.
    expect(photon.requests.length).toBe(before + 1);
    photon.release();
    const [a, b, c] = await Promise.all(typing);
    expect(a).toEqual({ places: [], notice: 'geocoder_busy' });
    // 'Schönhauser Al' is still wanted by olga: sent (tara gets it too), and tara's newest.
    expect((await other).places.map((p) => p.label)).toEqual(['Schönhauser Allee, 10435 Berlin']);
    expect(b).toEqual(await other);
    expect(c?.places).toHaveLength(1);
    expect((await first).places.length).toBeGreaterThan(0);
    expect(photon.requests.slice(before).map((r) => r.url.searchParams.get('q'))).toEqual([
      'Berlin',
      'Schönhauser Al',
      'Schönhauser Allee',
    ]);
    expect(geocoder.requests).toBe(3);
    geocoder.close();
  });
});

describe('places when the geocoder is down or misbehaves', () => {
  let photon: PhotonStandIn;
  beforeAll(async () => {
    photon = await startPhotonStandIn();
  });
  afterAll(() => photon.close());

  it('answers from the built-in index with a notice when nothing listens', async () => {
    const ctx = await createTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${await closedPort()}` } });
    try {
      const team = await createTeam(ctx.app);
      const berlin = await search(team.viewer.client, 'Berlin', team.owner.workspaceId);
      expect(berlin.notice).toBe('geocoder_unavailable');
      expect(berlin.places[0]).toMatchObject({ label: 'Berlin', secondary: 'Germany', source: 'city' });
      const street = await search(team.viewer.client, 'Torstraße 50');
      expect(street).toEqual({ places: [], notice: 'geocoder_unavailable' });
      // Short queries never ask the geocoder: no notice.
      expect((await search(team.viewer.client, 'be')).notice).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });

  it('follows no redirect and reads no oversized answer', async () => {
    for (const path of ['/redirect', '/big']) {
      const ctx = await createTestApp({ env: { GEOCODER_URL: `${photon.url}${path}` } });
      try {
        const team = await createTeam(ctx.app);
        expect(await search(team.viewer.client, 'Torstraße 50')).toEqual({
          places: [],
          notice: 'geocoder_unavailable',
        });
      } finally {
        await ctx.close();
      }
    }
    // The redirect's target (port 1) was never asked: every request reached the stand-in.
    expect(photon.requests.map((r) => r.url.pathname)).toEqual(['/redirect/api', '/big/api']);
  });

  it('refuses a private or loopback address for the public geocoder', async () => {
    const options = { userAgent: 'Fieldplan/test', timeoutMs: 2_000, maxBytes: 1024, publicOnly: true };
    await expect(fetchGeocoderJson(new URL(`${photon.url}/api?q=x`), options)).rejects.toThrow(/loopback/);
    await expect(fetchGeocoderJson(new URL('http://localhost:9/api?q=x'), options)).rejects.toThrow(/loopback/);
    await expect(fetchGeocoderJson(new URL('http://10.0.0.1/api?q=x'), options)).rejects.toThrow(/private/);
    expect(photon.requests.filter((r) => r.url.searchParams.get('q') === 'x')).toEqual([]);
  });
});
