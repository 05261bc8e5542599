import { type Role, roles } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type Owner, signUpOwner, type TestContext } from '../harness.js';
import {
  countRows,
  expectProblem,
  feedsPath,
  type InvitedMember,
  inviteMember,
  listRoutes,
  type Res,
  ws,
} from '../helpers.js';
import { ifMatch } from '../schedule-helpers.js';
import { holidayIcs } from './feed-helpers.js';
import { calendar, type IcalServer, startIcalServer } from './ical-server.js';

// The role × route table and workspace isolation of the feed routes, in the manner of
// jobs-access.test.ts (helpers.ts `feedsPath` keeps them out of the other tables).

interface Ids {
  feedId: string;
  tokenId: string;
}

function everyRoute(client: Client, wsId: string, ids: () => Promise<Ids>, url: string) {
  const at = (rest: string) => ws(wsId, rest);
  const feed = { name: 'Holidays', url, colour: '#009E73' };
  return {
    'GET /feeds': async () => client.get(at('/feeds')),
    'POST /feeds': async () => client.post(at('/feeds'), feed),
    'GET /feeds/:id': async () => client.get(at(`/feeds/${(await ids()).feedId}`)),
    'PATCH /feeds/:id': async () => client.patch(at(`/feeds/${(await ids()).feedId}`), { name: 'x' }, ifMatch(1)),
    'DELETE /feeds/:id': async () => client.delete(at(`/feeds/${(await ids()).feedId}`), ifMatch(1)),
    'POST /feeds/:id/refresh': async () => client.post(at(`/feeds/${(await ids()).feedId}/refresh`)),
    'GET /calendar/busy': async () => client.get(at('/calendar/busy?start=2026-04-06&end=2026-04-13')),
    'GET /feed-tokens': async () => client.get(at('/feed-tokens')),
    'POST /feed-tokens': async () => client.post(at('/feed-tokens'), { memberId: null }),
    'DELETE /feed-tokens/:id': async () => client.delete(at(`/feed-tokens/${(await ids()).tokenId}`)),
  } satisfies Record<string, () => Promise<Res>>;
}

/** What each role gets (docs/PRODUCT.md, "Roles and permissions": feeds are edited by owners and dispatchers, read by all). */
const expected: Record<string, Record<Role, number>> = {
  'GET /feeds': { owner: 200, dispatcher: 200, technician: 200, viewer: 200 },
  'POST /feeds': { owner: 201, dispatcher: 201, technician: 403, viewer: 403 },
  'GET /feeds/:id': { owner: 200, dispatcher: 200, technician: 200, viewer: 200 },
  'PATCH /feeds/:id': { owner: 200, dispatcher: 200, technician: 403, viewer: 403 },
  'DELETE /feeds/:id': { owner: 204, dispatcher: 204, technician: 403, viewer: 403 },
  'POST /feeds/:id/refresh': { owner: 200, dispatcher: 200, technician: 403, viewer: 403 },
  'GET /calendar/busy': { owner: 200, dispatcher: 200, technician: 200, viewer: 200 },
  // Technicians hold links to their own jobs only (export.test.ts makes one); viewers none.
  'GET /feed-tokens': { owner: 200, dispatcher: 200, technician: 200, viewer: 403 },
  'POST /feed-tokens': { owner: 201, dispatcher: 201, technician: 403, viewer: 403 },
  // A workspace link is not a technician's to see, so not theirs to revoke.
  'DELETE /feed-tokens/:id': { owner: 204, dispatcher: 204, technician: 404, viewer: 403 },
};

describe('feed routes: roles and workspaces', () => {
  let ctx: TestContext;
  let owner: Owner;
  let other: Owner;
  let server: IcalServer;
  let url: string;
  const byRole = {} as Record<Role, InvitedMember>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { FEEDS_ALLOW_LOOPBACK: '1' }, feeds: { background: false } });
    owner = await signUpOwner(ctx.app, 'Olga');
    other = await signUpOwner(ctx.app, 'Otto');
    for (const role of roles) byRole[role] = await inviteMember(ctx.app, owner, role, { name: `The ${role}` });
    server = await startIcalServer();
    server.route('/holidays.ics', calendar(holidayIcs()));
    url = `${server.origin}/holidays.ics`;
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  /** A fresh feed and link of `caller`'s workspace (each call may change or delete them). */
  const freshIds = (caller: Owner) => async (): Promise<Ids> => {
    const feed = await caller.client.post(ws(caller.workspaceId, '/feeds'), { name: 'H', url, colour: '#009E73' });
    const token = await caller.client.post(ws(caller.workspaceId, '/feed-tokens'), { memberId: null });
    if (feed.statusCode !== 201 || token.statusCode !== 201) throw new Error(`${feed.body} ${token.body}`);
    return { feedId: (feed.json() as { id: string }).id, tokenId: (token.json() as { id: string }).id };
  };
  const counts = async () => ({
    feeds: await countRows(ctx.db, 'feed_subscriptions'),
    tokens: await countRows(ctx.db, 'feed_tokens'),
  });

  it('the table covers every feed route the app registers', () => {
    const registered = listRoutes(ctx.app)
      .filter((r) => feedsPath.test(r.url))
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws', '')}`)
      .sort();
    expect(registered.length).toBe(10);
    expect(Object.keys(expected).sort()).toEqual(registered);
    expect(Object.keys(everyRoute(owner.client, '', freshIds(owner), url)).sort()).toEqual(registered);
  });

  describe.each(roles)('as %s', (role) => {
    it('gets exactly what docs/PRODUCT.md, "Roles and permissions" says; a refusal writes nothing', async () => {
      for (const [name, call] of Object.entries(
        everyRoute(byRole[role].client, owner.workspaceId, freshIds(owner), url),
      )) {
        const want = expected[name]?.[role];
        const before = await counts();
        const res = await call();
        expect(res.statusCode, `${role} ${name}: ${res.body}`).toBe(want);
        if (want === 403) {
          expect(expectProblem(res, 403, 'forbidden').detail, name).toMatch(/^You don't have permission to /);
          const made = name.includes(':id') ? 1 : 0;
          expect(await counts(), name).toEqual({ feeds: before.feeds + made, tokens: before.tokens + made });
        }
      }
    });
  });

  it("another workspace's ids answer 404 on every route, and nothing of it changes", async () => {
    const theirs = await freshIds(other)();
    const before = await counts();
    for (const [name, call] of Object.entries(everyRoute(owner.client, owner.workspaceId, async () => theirs, url))) {
      if (!name.includes(':id')) continue;
      expectProblem(await call(), 404, 'not_found');
    }
    for (const [name, call] of Object.entries(everyRoute(owner.client, other.workspaceId, async () => theirs, url))) {
      const res = await call();
      expectProblem(res, 404, 'not_found');
      expect(res.body, name).not.toContain(other.workspaceId);
    }
    expect(await counts()).toEqual(before);
    const still = await other.client.get(ws(other.workspaceId, `/feeds/${theirs.feedId}`));
    expect(still.json()).toMatchObject({ name: 'H', version: 1 });
    const links = await other.client.get(ws(other.workspaceId, '/feed-tokens'));
    expect(
      (links.json() as { id: string; revokedAt: string | null }[]).find((t) => t.id === theirs.tokenId)?.revokedAt,
    ).toBeNull();
  });

  it('an anonymous caller gets 401 on every workspace route', async () => {
    const anonymous = new Client(ctx.app);
    for (const call of Object.values(everyRoute(anonymous, owner.workspaceId, freshIds(owner), url))) {
      expectProblem(await call(), 401, 'unauthenticated');
    }
  });
});
