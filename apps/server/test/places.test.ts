import type { Place } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUpOwner, type TestContext } from './harness.js';
import { expectFieldError, expectProblem, ws } from './helpers.js';
import { createCustomer, createTeam, type Team } from './schedule-helpers.js';

describe('GET /api/v1/places', () => {
  let ctx: TestContext;
  let team: Team;
  const places = async (client: Client, q: string, workspaceId?: string) => {
    const params = new URLSearchParams({ q });
    if (workspaceId) params.set('ws', workspaceId);
    const res = await client.get(`/api/v1/places?${params}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Place[];
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
    await createCustomer(team.owner, {
      name: 'Bergmann Bäckerei',
      address: 'Berliner Straße 5, 10715 Berlin',
      lat: 52.487,
      lng: 13.318,
    });
    await createCustomer(team.owner, {
      name: 'Zahnarzt Weber',
      address: 'Torstraße 1, 10119 Berlin',
      lat: 52.529,
      lng: 13.401,
    });
    await createCustomer(team.owner, {
      name: 'Kita Sonnenschein',
      address: 'Am Berlin-Park 3, 10999 Berlin',
      lat: 52.5,
      lng: 13.42,
    });
  });
  afterAll(() => ctx.close());

  it('needs a session', async () => {
    expectProblem(await new Client(ctx.app).get('/api/v1/places?q=berlin'), 401, 'unauthenticated');
  });

  it('finds world cities by prefix, the most populous first, accent- and case-insensitive', async () => {
    const berlin = await places(team.viewer.client, 'BERLIN');
    expect(berlin[0]).toMatchObject({ label: 'Berlin', secondary: 'Germany', source: 'city' });
    expect(berlin[0]?.id).toMatch(/^city:\d+$/);
    expect(berlin[0]?.lat).toBeCloseTo(52.52, 1);
    expect(berlin[0]?.lng).toBeCloseTo(13.41, 1);
    expect((await places(team.viewer.client, 'ber'))[0]?.label).toBe('Berlin');
    expect((await places(team.viewer.client, 'paris'))[0]).toMatchObject({ label: 'Paris', secondary: 'France' });
    expect((await places(team.viewer.client, 'lodz'))[0]?.label).toBe('Łódź');
    expect(await places(team.viewer.client, 'MÜNCHENSTEIN')).toEqual(await places(team.viewer.client, 'munchenstein'));
    // A later word of a name matches too, after whole-name matches.
    expect((await places(team.viewer.client, 'köpenick')).map((p) => p.label)).toContain('Berlin Köpenick');
  });

  it('narrows by country after a comma', async () => {
    const us = await places(team.viewer.client, 'Berlin, United States');
    expect(us.length).toBeGreaterThan(1);
    expect(us.every((p) => p.secondary === 'United States')).toBe(true);
    expect((await places(team.viewer.client, 'berlin, de')).every((p) => p.secondary === 'Germany')).toBe(true);
  });

  it('answers at most 10, and an empty list for fewer than 2 characters', async () => {
    expect((await places(team.viewer.client, 'sa')).length).toBe(10);
    expect(await places(team.viewer.client, 'b')).toEqual([]);
    expect(await places(team.viewer.client, '  b  ')).toEqual([]);
    expect(await places(team.viewer.client, '')).toEqual([]);
    expect(await places(team.viewer.client, 'zzqxj')).toEqual([]);
  });

  it('refuses more than 200 characters on q, and a missing q', async () => {
    const long = await team.viewer.client.get(`/api/v1/places?q=${'a'.repeat(201)}`);
    expect(expectFieldError(long, 'querystring.q')).toBe('Search must be at most 200 characters');
    expectFieldError(await team.viewer.client.get(`/api/v1/places?q=${'a'.repeat(300)}`), 'querystring.q');
    expectFieldError(await team.viewer.client.get('/api/v1/places'), 'querystring.q');
  });

  it("puts the workspace's customer addresses that start with the query first, then cities, then other customers", async () => {
    const found = await places(team.tech1.client, 'berlin', team.owner.workspaceId);
    expect(found.length).toBeLessThanOrEqual(10);
    expect(found[0]).toMatchObject({
      label: 'Berliner Straße 5, 10715 Berlin',
      secondary: 'Bergmann Bäckerei',
      source: 'customer',
      lat: 52.487,
      lng: 13.318,
    });
    expect(found[0]?.id).toMatch(/^customer:/);
    expect(found[1]).toMatchObject({ label: 'Berlin', source: 'city' });
    // "Am Berlin-Park" contains the word but does not start with it: after the cities.
    const kita = found.findIndex((p) => p.secondary === 'Kita Sonnenschein');
    expect(kita === -1 || kita > found.findIndex((p) => p.source === 'city')).toBe(true);
    // A customer's name finds its address too; so does a street.
    expect((await places(team.tech1.client, 'zahnarzt', team.owner.workspaceId))[0]?.label).toBe(
      'Torstraße 1, 10119 Berlin',
    );
    expect((await places(team.tech1.client, 'torstr', team.owner.workspaceId))[0]?.secondary).toBe('Zahnarzt Weber');
  });

  it('shows customer addresses only to members of that workspace', async () => {
    const outsider = await signUpOwner(ctx.app, 'Outsider');
    const asOutsider = await places(outsider.client, 'berliner', team.owner.workspaceId);
    expect(asOutsider.every((p) => p.source === 'city')).toBe(true);
    expect(JSON.stringify(asOutsider)).not.toContain('Bergmann');
    // Without ws, members see cities only too.
    expect((await places(team.owner.client, 'berliner')).every((p) => p.source === 'city')).toBe(true);
    // Their own workspace has none of ours.
    const own = await places(outsider.client, 'berliner', outsider.workspaceId);
    expect(own.every((p) => p.source === 'city')).toBe(true);
    // A deactivated member loses them at once (their sessions end: 401).
    await team.owner.client.patch(ws(team.owner.workspaceId, `/members/${team.tech2.memberId}`), { active: false });
    expectProblem(await team.tech2.client.get(`/api/v1/places?q=berliner&ws=${team.owner.workspaceId}`), 401);
  });

  describe('GET /api/v1/places/labels', () => {
    const labels = (client: Client, box: string) => client.get(`/api/v1/places/labels?${box}`);
    const berlin = 'south=52.3&west=13&north=52.7&east=13.8';

    it('names the largest places of a box, spread over it, at most 48', async () => {
      const res = await labels(team.viewer.client, berlin);
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json() as { name: string; population: number; lat: number; lng: number }[];
      expect(found[0]?.name).toBe('Berlin');
      expect(found.length).toBeGreaterThan(10);
      expect(found.length).toBeLessThanOrEqual(48);
      expect(found.every((p) => p.lat >= 52.3 && p.lat <= 52.7 && p.lng >= 13 && p.lng <= 13.8)).toBe(true);
      expect(found.map((p) => p.name)).toContain('Potsdam');
      // Sorted by size.
      const sizes = found.map((p) => p.population);
      expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    });

    it('handles a box across the antimeridian', async () => {
      const found = (await labels(team.viewer.client, 'south=-50&west=170&north=-30&east=-175')).json() as {
        name: string;
      }[];
      expect(found.map((p) => p.name)).toContain('Auckland');
    });

    it('needs a session and a box in range', async () => {
      expectProblem(await labels(new Client(ctx.app), berlin), 401, 'unauthenticated');
      expectFieldError(await labels(team.viewer.client, 'south=95&west=13&north=52.7&east=13.8'), 'querystring.south');
      expectFieldError(await labels(team.viewer.client, 'south=52&west=13&north=52.7'), 'querystring.east');
    });
  });
});
