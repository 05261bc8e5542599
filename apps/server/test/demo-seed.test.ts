import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, demoSignInsText, demoUsers, isEmpty, seedDemo } from '../src/db/seed/demo.js';
import { Client, createTestApp, type TestContext } from './harness.js';
import { countRows, ws } from './helpers.js';

const expectedUsers = [
  ['owner@demo.test', 'owner'],
  ['dispatcher@demo.test', 'dispatcher'],
  ['tech1@demo.test', 'technician'],
  ['tech2@demo.test', 'technician'],
  ['tech3@demo.test', 'technician'],
  ['tech4@demo.test', 'technician'],
  ['tech5@demo.test', 'technician'],
  ['tech6@demo.test', 'technician'],
  ['viewer@demo.test', 'viewer'],
] as const;

describe('demo seed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const counts = async () => ({
    users: await countRows(ctx.db, 'users'),
    workspaces: await countRows(ctx.db, 'workspaces'),
    memberships: await countRows(ctx.db, 'memberships'),
    changes: await countRows(ctx.db, 'changes'),
    sessions: await countRows(ctx.db, 'sessions'),
  });

  it('seeds "Demo Plumbing" into an empty database', async () => {
    expect(await isEmpty(ctx.db)).toBe(true);
    expect(await seedDemo(ctx.db)).toEqual({ created: true });
    expect(await isEmpty(ctx.db)).toBe(false);
    expect(await counts()).toEqual({ users: 9, workspaces: 1, memberships: 9, changes: 0, sessions: 0 });
    expect(demoUsers.map((u) => [u.email, u.role])).toEqual(expectedUsers);
  });

  it.each(expectedUsers)('%s signs in with the demo password as %s', async (email, role) => {
    const client = new Client(ctx.app);
    const res = await client.post('/api/v1/auth/sign-in', { email, password: demoPassword });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.user.email).toBe(email);
    expect(me.memberships).toEqual([
      expect.objectContaining({ workspaceName: 'Demo Plumbing', workspaceSlug: 'demo', role }),
    ]);
    const wrong = await new Client(ctx.app).post('/api/v1/auth/sign-in', { email, password: 'fieldplan-demo!' });
    expect(wrong.statusCode).toBe(401);
  });

  it('the workspace has slug demo, Europe/Berlin and a map centred on Berlin', async () => {
    expect(demoPassword).toBe('fieldplan-demo');
    const client = new Client(ctx.app);
    const me = (await client.post('/api/v1/auth/sign-in', { email: 'owner@demo.test', password: demoPassword })).json();
    const workspace = (await client.get(ws(me.memberships[0].workspaceId))).json();
    expect(workspace).toEqual(
      expect.objectContaining({
        name: 'Demo Plumbing',
        slug: 'demo',
        timeZone: 'Europe/Berlin',
        workingHours: { start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5] },
      }),
    );
    expect(workspace.map.center.lat).toBeCloseTo(52.52, 1);
    expect(workspace.map.center.lng).toBeCloseTo(13.4, 1);
    const members = (await client.get(ws(me.memberships[0].workspaceId, '/members'))).json();
    expect(members).toHaveLength(9);
    expect(new Set(members.map((m: { colour: string }) => m.colour)).size).toBe(9);
    expect(members.every((m: { active: boolean }) => m.active)).toBe(true);
  });

  it('running it again changes nothing', async () => {
    const before = await counts();
    const passwords = await ctx.db.kysely
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .orderBy('email')
      .execute();
    expect(await seedDemo(ctx.db)).toEqual({ created: false });
    expect(await seedDemo(ctx.db)).toEqual({ created: false });
    expect(await counts()).toEqual(before);
    expect(
      await ctx.db.kysely.selectFrom('users').select(['email', 'password_hash']).orderBy('email').execute(),
    ).toEqual(passwords);
  });

  it('prints the sign-ins', () => {
    const text = demoSignInsText('http://localhost:3000');
    expect(text).toContain('http://localhost:3000/w/demo');
    expect(text).toContain('fieldplan-demo');
    for (const [email] of expectedUsers) expect(text).toContain(email);
  });
});

describe('demo seed next to existing data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('reuses an existing demo account instead of failing, keeping its password', async () => {
    const client = new Client(ctx.app);
    const signUp = await client.post('/api/v1/auth/sign-up', {
      name: 'Already Here',
      email: 'tech1@demo.test',
      password: 'my own password',
      workspaceName: 'Own Co',
    });
    expect(signUp.statusCode).toBe(202);
    expect(await isEmpty(ctx.db)).toBe(false);
    expect(await seedDemo(ctx.db)).toEqual({ created: true });
    const res = await new Client(ctx.app).post('/api/v1/auth/sign-in', {
      email: 'tech1@demo.test',
      password: 'my own password',
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().memberships.map((m: { workspaceSlug: string; role: string }) => [m.role, m.workspaceSlug]),
    ).toEqual([
      ['owner', 'own-co'],
      ['technician', 'demo'],
    ]);
  });
});

describe('demo seed in German (FIELDPLAN_DEMO_LOCALE=de)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('writes its text in German and makes German the workspace’s and the users’ language', async () => {
    expect(await seedDemo(ctx.db, { locale: 'de' })).toEqual({ created: true });
    const client = new Client(ctx.app);
    const me = (await client.post('/api/v1/auth/sign-in', { email: 'owner@demo.test', password: demoPassword })).json();
    expect(me.user.language).toBe('de');
    const workspaceId = me.memberships[0].workspaceId;
    const workspace = (await client.get(ws(workspaceId))).json();
    expect(workspace).toEqual(
      expect.objectContaining({ name: 'Demo Sanitär & Heizung', slug: 'demo', language: 'de', timeFormat: '24h' }),
    );
    const titles = new Set(
      (await ctx.db.kysely.selectFrom('jobs').select('title').where('workspace_id', '=', workspaceId).execute()).map(
        (j) => j.title,
      ),
    );
    for (const title of [
      'Thermenwartung',
      'Notdienst: Rohrbruch',
      'Heizungswartung (wöchentlich)',
      'Abfluss reinigen',
    ]) {
      expect(titles).toContain(title);
    }
    expect(titles).not.toContain('Boiler service');
    const notes = await ctx.db.kysely
      .selectFrom('customers')
      .select('notes')
      .where('workspace_id', '=', workspaceId)
      .where('notes', '!=', '')
      .execute();
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.map((n) => n.notes)).toContain('Schlüssel beim Nachbarn (2. OG links).');
    const users = await ctx.db.kysely.selectFrom('users').select('language').execute();
    expect(users.map((u) => u.language)).toEqual(Array(9).fill('de'));
    expect(demoSignInsText('http://localhost:3000', 'de')).toContain('Demo Sanitär & Heizung');
  });
});
