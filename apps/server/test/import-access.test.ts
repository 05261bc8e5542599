import type { Import } from '@fieldplan/shared';
import { can, type Role, roles } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestContext } from './harness.js';
import { countRows, expectProblem, type InvitedMember, importPath, listRoutes, type Res, ws } from './helpers.js';
import { finished, upload, uploaded } from './import-helpers.js';
import { type Team, twoTeams } from './schedule-helpers.js';

// The role × route table, sessions, CSRF and workspace isolation of the import (docs/PRODUCT.md,
// "Roles and permissions": import.run is the owners' and dispatchers').

const csv = (name: string) =>
  Buffer.from(`Name,Address,Latitude,Longitude\n${name},${name} Street 1 Berlin,52.5,13.4\n`);

// Each import starts a worker thread (docs/adr/0036); from TypeScript sources on a busy machine that takes seconds.
describe('import: sessions, roles and workspaces', { timeout: 60_000 }, () => {
  let ctx: TestContext;
  let team: Team;
  let other: Team;
  let byRole: Record<Role, InvitedMember>;
  let n = 0;

  beforeAll(async () => {
    ({ ctx, team, other, byRole } = await twoTeams());
  });
  afterAll(() => ctx.close());

  const body = (imp: Import) => ({ mapping: imp.mapping, duplicatePolicy: 'skip' });
  /** Every import route, on workspace `t` and import `imp` (started ones for resume are refused as 409). */
  const calls = (client: Client, wsId: string, imp: Import, failed: Import) => ({
    'POST /imports': () => upload(ctx.app, { client, workspaceId: wsId }, 'x.csv', csv(`Row ${++n}`)),
    'GET /imports': () => client.get(ws(wsId, '/imports')),
    'GET /imports/:id': () => client.get(ws(wsId, `/imports/${imp.id}`)),
    'POST /imports/:id/preview': () => client.post(ws(wsId, `/imports/${imp.id}/preview`), body(imp)),
    'GET /imports/:id/unplaced': () => client.get(ws(wsId, `/imports/${imp.id}/unplaced`)),
    'POST /imports/:id/start': () => client.post(ws(wsId, `/imports/${imp.id}/start`), body(imp)),
    'POST /imports/:id/resume': () => client.post(ws(wsId, `/imports/${failed.id}/resume`)),
  });

  /** An uploaded import, and one that failed (its file gone) to resume. */
  async function fresh(t: Team) {
    const imp = await uploaded(ctx.app, t.owner, 'a.csv', csv(`Fresh ${++n}`));
    const failed = await uploaded(ctx.app, t.owner, 'b.csv', csv(`Gone ${++n}`));
    await ctx.db.kysely
      .updateTable('imports')
      .set({ status: 'failed', file_path: '/nonexistent' })
      .where('id', '=', failed.id)
      .execute();
    return { imp, failed };
  }

  it('the table covers every import route the app registers', async () => {
    const { imp, failed } = await fresh(team);
    const registered = listRoutes(ctx.app)
      .filter((r) => importPath.test(r.url))
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws', '')}`)
      .sort();
    expect(registered).toEqual(Object.keys(calls(team.owner.client, '', imp, failed)).sort());
  });

  it('answers 401 without a session, keeping nothing', async () => {
    const { imp, failed } = await fresh(team);
    const before = await countRows(ctx.db, 'imports');
    for (const [name, call] of Object.entries(calls(new Client(ctx.app), team.owner.workspaceId, imp, failed))) {
      expect(expectProblem(await call(), 401, 'unauthenticated').code, name).toBe('unauthenticated');
    }
    expect(await countRows(ctx.db, 'imports')).toBe(before);
  });

  it.each(roles)('as %s: allowed with import.run, else 403', async (role) => {
    const { imp, failed } = await fresh(team);
    for (const [name, call] of Object.entries(calls(byRole[role].client, team.owner.workspaceId, imp, failed))) {
      const res = await call();
      if (can(role, 'import.run')) expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
      else expect(expectProblem(res, 403, 'forbidden').detail, name).toMatch(/^You don't have permission to/);
    }
    if (can(role, 'import.run')) {
      expect((await finished(team.owner, imp.id)).created).toBe(1);
      expect((await finished(team.owner, failed.id)).error).toMatch(/file is gone/);
    }
  });

  it("answers 404 for another workspace's imports", async () => {
    const { imp, failed } = await fresh(other);
    const { client } = byRole.dispatcher;
    const check = (res: Res, what: string) => {
      expect(expectProblem(res, 404, 'not_found').code, what).toBe('not_found');
      expect(res.body).not.toContain(other.owner.workspaceId);
    };
    // Its ids under the caller's own workspace.
    const mine = calls(client, team.owner.workspaceId, imp, failed);
    for (const name of [
      'GET /imports/:id',
      'POST /imports/:id/preview',
      'GET /imports/:id/unplaced',
      'POST /imports/:id/start',
      'POST /imports/:id/resume',
    ] as const) {
      check(await mine[name](), name);
    }
    // The other workspace itself.
    for (const [name, call] of Object.entries(calls(client, other.owner.workspaceId, imp, failed)))
      check(await call(), name);
    expect(
      (await other.owner.client.get(ws(other.owner.workspaceId, `/imports/${imp.id}`))).json<Import>().status,
    ).toBe('uploaded');
  });

  it('refuses an upload or a start from another origin (CSRF)', async () => {
    const { imp } = await fresh(team);
    const before = await countRows(ctx.db, 'imports');
    const cookie = [...team.dispatcher.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await ctx.app.inject({
      method: 'POST',
      url: ws(team.owner.workspaceId, '/imports?kind=customers&fileName=x.csv'),
      headers: { origin: 'https://evil.example', cookie, 'content-type': 'text/csv' },
      payload: csv('Evil'),
    });
    expectProblem(res, 403, 'forbidden');
    const start = await team.dispatcher.client.post(ws(team.owner.workspaceId, `/imports/${imp.id}/start`), body(imp), {
      origin: 'https://evil.example',
    });
    expectProblem(start, 403, 'forbidden');
    expect(await countRows(ctx.db, 'imports')).toBe(before);
    const after = await team.owner.client.get(ws(team.owner.workspaceId, `/imports/${imp.id}`));
    expect(after.json<Import>().status).toBe('uploaded');
  });
});
