import type { Customer, CustomerPage } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestContext } from './harness.js';
import { changesOf, expectFieldError, expectProblem, ws } from './helpers.js';
import {
  createCustomer,
  createJob,
  createTeam,
  ifMatch,
  scheduleCounts,
  type Team,
  validCustomer,
} from './schedule-helpers.js';

describe('customers', () => {
  let ctx: TestContext;
  let team: Team;
  const url = (rest = '') => ws(team.owner.workspaceId, `/customers${rest}`);

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
  });
  afterAll(() => ctx.close());

  it('creates, reads, edits and soft-deletes a customer, versioned, with changes logged', async () => {
    const created = await team.owner.client.post(url(), validCustomer({ notes: 'Dog in the garden' }));
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json() as Customer;
    expect(customer).toMatchObject({
      name: 'Anna Schmidt',
      phone: '+49 30 1234567',
      version: 1,
      notes: 'Dog in the garden',
    });
    expect(created.headers.etag).toBe('"1"');

    const read = await team.dispatcher.client.get(url(`/${customer.id}`));
    expect(read.json()).toEqual(customer);
    expect(read.headers.etag).toBe('"1"');

    const patched = await team.dispatcher.client.patch(
      url(`/${customer.id}`),
      { phone: '', notes: 'No dog' },
      ifMatch(1),
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ phone: null, notes: 'No dog', version: 2, email: 'anna@example.test' });
    expect(patched.headers.etag).toBe('"2"');

    const deleted = await team.owner.client.delete(url(`/${customer.id}`), ifMatch(2));
    expect(deleted.statusCode).toBe(204);
    expectProblem(await team.owner.client.get(url(`/${customer.id}`)), 404, 'not_found');
    const row = await ctx.db.kysely
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', customer.id)
      .executeTakeFirst();
    expect(row?.deleted_at).not.toBeNull();

    const log = (await changesOf(ctx.db, team.owner.workspaceId)).filter((c) => c.entity_id === customer.id);
    expect(log.map((c) => [c.entity, c.action])).toEqual([
      ['customer', 'created'],
      ['customer', 'updated'],
      ['customer', 'deleted'],
    ]);
  });

  it('accepts If-Match as 3, "3" and W/"3"; refuses a missing or stale one without writing', async () => {
    const customer = await createCustomer(team.owner);
    const path = url(`/${customer.id}`);
    for (const [header, version] of [
      ['1', 2],
      ['"2"', 3],
      ['W/"3"', 4],
    ] as const) {
      const res = await team.owner.client.patch(path, { notes: `v${version}` }, { 'if-match': header });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().version).toBe(version);
    }
    const before = await scheduleCounts(ctx.db);
    const missing = await team.owner.client.patch(path, { notes: 'lost' });
    expect(expectFieldError(missing, 'If-Match')).toMatch(/If-Match/);
    expectFieldError(await team.owner.client.patch(path, { notes: 'lost' }, { 'if-match': '*' }), 'If-Match');
    const stale = await team.owner.client.patch(path, { notes: 'lost' }, ifMatch(2));
    const problem = expectProblem(stale, 412, 'version_conflict');
    expect(problem.currentVersion).toBe(4);
    expect(problem.current).toMatchObject({ id: customer.id, notes: 'v4', version: 4 });
    expectProblem(await team.owner.client.delete(path, ifMatch(3)), 412, 'version_conflict');
    expectFieldError(await team.owner.client.delete(path), 'If-Match');
    expect(await scheduleCounts(ctx.db)).toEqual(before);
    expect((await team.owner.client.get(path)).json().notes).toBe('v4');
  });

  it('refuses bad fields by name, and unknown ones, writing nothing', async () => {
    const before = await scheduleCounts(ctx.db);
    const bad = await team.owner.client.post(url(), {
      name: '',
      email: 'not-an-email',
      phone: 'call me',
      address: 'x'.repeat(301),
      lat: 91,
      lng: -181,
      notes: 'n'.repeat(2001),
      vip: true,
    });
    for (const path of ['name', 'email', 'phone', 'address', 'lat', 'lng', 'notes', 'vip']) expectFieldError(bad, path);
    expectFieldError(await team.owner.client.post(url(), validCustomer({ phone: '123' })), 'phone');
    expectFieldError(
      await team.owner.client.post(url(), validCustomer({ phone: '+49 (30) 123-4567-890123' })),
      'phone',
    );
    expect(await scheduleCounts(ctx.db)).toEqual(before);
  });

  it('lets viewers and technicians read but not write', async () => {
    const customer = await createCustomer(team.owner);
    for (const member of [team.viewer, team.tech1]) {
      expect((await member.client.get(url(`/${customer.id}`))).statusCode).toBe(200);
      expectProblem(await member.client.post(url(), validCustomer()), 403, 'forbidden');
      expectProblem(await member.client.patch(url(`/${customer.id}`), { notes: 'x' }, ifMatch(1)), 403, 'forbidden');
      expectProblem(await member.client.delete(url(`/${customer.id}`), ifMatch(1)), 403, 'forbidden');
    }
  });

  it('shows a technician contact details only for customers of their own jobs', async () => {
    const mine = await createCustomer(team.owner, { name: 'Mine GmbH' });
    const theirs = await createCustomer(team.owner, { name: 'Theirs AG' });
    await createJob(team.owner, {
      customerId: mine.id,
      start: '2026-03-02T08:00:00Z',
      end: '2026-03-02T09:00:00Z',
      assigneeIds: [team.tech1.memberId],
    });
    await createJob(team.owner, { customerId: theirs.id, assigneeIds: [team.tech2.memberId] });
    const asTech = (await team.tech1.client.get(url(`/${mine.id}`))).json() as Customer;
    expect(asTech).toMatchObject({ email: 'anna@example.test', phone: '+49 30 1234567' });
    const other = (await team.tech1.client.get(url(`/${theirs.id}`))).json() as Customer;
    expect(other).not.toHaveProperty('email');
    expect(other).not.toHaveProperty('phone');
    expect(other.address).toBe(theirs.address);
    const list = (await team.tech1.client.get(url('?q=GmbH'))).json() as CustomerPage;
    expect(list.items.find((c) => c.id === mine.id)).toHaveProperty('phone');
    const listOther = (await team.tech1.client.get(url('?q=Theirs'))).json() as CustomerPage;
    expect(listOther.items[0]).not.toHaveProperty('phone');
    // Everyone else sees them.
    expect((await team.viewer.client.get(url(`/${theirs.id}`))).json()).toHaveProperty('phone');
  });

  it('lists the customer’s jobs', async () => {
    const customer = await createCustomer(team.owner, { name: 'Jobful' });
    const job = await createJob(team.owner, { customerId: customer.id });
    const res = await team.viewer.client.get(url(`/${customer.id}/jobs`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, items: [{ id: job.id, customerName: 'Jobful' }], nextCursor: null });
    expectProblem(await team.viewer.client.get(url('/00000000-0000-4000-8000-000000000000/jobs')), 404, 'not_found');
  });

  it('never shows another workspace’s customers (404)', async () => {
    const customer = await createCustomer(team.owner);
    const stranger = await signUpOwner(ctx.app, 'Stranger');
    const theirUrl = ws(stranger.workspaceId, `/customers/${customer.id}`);
    expectProblem(await stranger.client.get(theirUrl), 404, 'not_found');
    expectProblem(await stranger.client.patch(theirUrl, { notes: 'x' }, ifMatch(1)), 404, 'not_found');
    expectProblem(await stranger.client.delete(theirUrl, ifMatch(1)), 404, 'not_found');
    expectProblem(await stranger.client.get(url(`/${customer.id}`)), 404, 'not_found');
    expect(((await stranger.client.get(ws(stranger.workspaceId, '/customers'))).json() as CustomerPage).total).toBe(0);
  });
});

describe('customer search and paging', () => {
  let ctx: TestContext;
  let team: Team;
  const url = (rest = '') => ws(team.owner.workspaceId, `/customers${rest}`);

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
    const people = [
      ['Jürgen Müller', 'Schönhauser Allee 5, 10437 Berlin', '+49 30 5550101'],
      ['Bäckerei Weiß', 'Karl-Marx-Straße 99, 12043 Berlin', '030 5550202'],
      ['Anna Becker', 'Sonnenallee 1, 12045 Berlin', null],
      ['anna schulz', 'Torstraße 50, 10119 Berlin', '+49 171 5550303'],
      ['50% Rabatt_GmbH', 'Hauptstraße 1, 10827 Berlin', null],
    ] as const;
    for (const [name, address, phone] of people) await createCustomer(team.owner, { name, address, phone });
    for (let i = 0; i < 25; i++) await createCustomer(team.owner, { name: `Kunde ${String(i).padStart(2, '0')}` });
  });
  afterAll(() => ctx.close());

  const names = async (query: string) =>
    ((await team.owner.client.get(url(query))).json() as CustomerPage).items.map((c) => c.name);

  it('searches name, address and phone, case- and accent-insensitively, every word', async () => {
    expect(await names('?q=muller')).toEqual(['Jürgen Müller']);
    expect(await names('?q=SCHÖNHAUSER')).toEqual(['Jürgen Müller']);
    expect(await names('?q=weiss')).toEqual(['Bäckerei Weiß']);
    expect(await names('?q=anna')).toEqual(['Anna Becker', 'anna schulz']);
    expect(await names('?q=anna%20torstr')).toEqual(['anna schulz']);
    expect(await names('?q=5550202')).toEqual(['Bäckerei Weiß']);
    expect(await names('?q=030%20555%200202')).toEqual(['Bäckerei Weiß']);
    expect(await names('?q=12043')).toEqual(['Bäckerei Weiß']);
    // LIKE wildcards are literal characters.
    expect(await names('?q=50%25')).toEqual(['50% Rabatt_GmbH']);
    expect(await names('?q=t_g')).toEqual(['50% Rabatt_GmbH']);
    expect(await names('?q=nobody')).toEqual([]);
  });

  it('pages by cursor and by offset, with the total', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await team.owner.client.get(url(`?limit=7${cursor ? `&cursor=${cursor}` : ''}`));
      const page = res.json() as CustomerPage;
      expect(page.total).toBe(30);
      seen.push(...page.items.map((c) => c.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    const byOffset = (await team.owner.client.get(url('?limit=5&offset=5'))).json() as CustomerPage;
    expect(byOffset.items.map((c) => c.name)).toEqual(seen.slice(5, 10));
    const kunden = (await team.owner.client.get(url('?q=kunde&limit=100'))).json() as CustomerPage;
    expect(kunden.items.map((c) => c.name)).toEqual([...kunden.items.map((c) => c.name)].sort());
  });

  it('refuses bad paging values by field', async () => {
    expectFieldError(await team.owner.client.get(url('?limit=101')), 'querystring.limit');
    expectFieldError(await team.owner.client.get(url('?limit=0')), 'querystring.limit');
    expectFieldError(await team.owner.client.get(url('?offset=-1')), 'querystring.offset');
    expectFieldError(await team.owner.client.get(url('?cursor=garbage')), 'cursor');
  });
});
