import type { Area, ChangeEvent, Customer, CustomerPage, JobPage } from '@fieldplan/shared';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import { areasApi } from '../entities/area/endpoints';
import { feedsApi } from '../entities/feed/endpoints';
import { jobsApi } from '../entities/job/endpoints';
import { membersApi } from '../entities/member/endpoints';
import { authApi } from '../entities/session/endpoints';
import { travelApi } from '../entities/travel/endpoints';
import { workspaceApi } from '../entities/workspace/endpoints';
import { customersApi } from '../features/customers/endpoints';
import { fakeFetch } from '../test/fake-api';
import { meAs, members, workspace, workspaceId } from '../test/fixtures';
import { job } from '../test/schedule-fixtures';
import { applyChange, resyncAll, type Viewer } from './apply-change';

const customer = (extra: Partial<Customer> = {}): Customer => ({
  id: 'cust-1',
  name: 'Bäckerei Koch',
  email: 'koch@example.test',
  phone: '+49 30 1234567',
  address: 'Hauptstraße 1, Berlin',
  lat: 52.5,
  lng: 13.4,
  notes: '',
  language: null,
  version: 1,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  ...extra,
});
const area: Area = {
  id: 'area-1',
  name: 'North',
  colour: '#0072B2',
  geometry: { type: 'Circle', center: { lat: 52.5, lng: 13.4 }, radiusM: 5000 },
  vertexCount: 0,
  version: 1,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

/** A store with every cache a screen would hold, and a fake server that records what is asked. */
async function setup(role: Viewer['role'] = 'dispatcher', routes: Parameters<typeof fakeFetch>[0] = {}) {
  const fetch = fakeFetch({
    ...routes,
    [`GET /workspaces/${workspaceId}/customers/cust-1`]: customer({
      name: 'Koch & Söhne',
      email: 'new@example.test',
      version: 2,
    }),
  });
  const store = makeStore({ fetchFn: fetch, onUnauthenticated: () => {} });
  const put = store.dispatch;
  await put(authApi.util.upsertQueryData('getMe', undefined, meAs(role)));
  await put(workspaceApi.util.upsertQueryData('getWorkspace', workspaceId, workspace));
  await put(membersApi.util.upsertQueryData('getMembers', workspaceId, members));
  await put(areasApi.util.upsertQueryData('listAreas', workspaceId, [area]));
  const page: CustomerPage = { items: [customer()], total: 1, nextCursor: null };
  await put(customersApi.util.upsertQueryData('listCustomers', { workspaceId }, page));
  await put(customersApi.util.upsertQueryData('getCustomer', { workspaceId, id: 'cust-1' }, customer()));
  const jobs: JobPage = { items: [], total: 0, nextCursor: null };
  await put(jobsApi.util.upsertQueryData('listJobs', { workspaceId, unscheduled: true }, jobs));
  fetch.calls.length = 0;
  const viewer: Viewer = { userId: `user-${role}`, role, slug: 'demo' };
  const apply = (change: ChangeEvent) => store.dispatch(applyChange(workspaceId, change, viewer));
  return { store, fetch, apply };
}

describe('applyChange', () => {
  it('puts a new unscheduled job into the queue without asking the server', async () => {
    const { store, fetch, apply } = await setup();
    const created = job({ id: 'job-7', start: null, end: null, status: 'unscheduled', assigneeIds: [] });
    apply({ seq: 1, entity: 'job', action: 'created', data: created });
    const queue = jobsApi.endpoints.listJobs.select({ workspaceId, unscheduled: true })(store.getState()).data;
    expect(queue?.items.map((j) => j.id)).toEqual(['job-7']);
    apply({ seq: 2, entity: 'job', action: 'deleted', data: { id: 'job-7' } });
    expect(jobsApi.endpoints.listJobs.select({ workspaceId, unscheduled: true })(store.getState()).data?.items).toEqual(
      [],
    );
    expect(fetch.calls).toEqual([]);
  });

  it('updates, adds and removes members; your own role and colour follow into /me', async () => {
    const { store, fetch, apply } = await setup('dispatcher');
    const me = members.find((m) => m.id === 'member-dispatcher');
    if (!me) throw new Error('fixture');
    apply({ seq: 1, entity: 'member', action: 'updated', data: { ...me, role: 'technician', colour: '#123456' } });
    const list = () => membersApi.endpoints.getMembers.select(workspaceId)(store.getState()).data ?? [];
    expect(list().find((m) => m.id === me.id)).toMatchObject({ role: 'technician', colour: '#123456' });
    expect(authApi.endpoints.getMe.select()(store.getState()).data?.memberships[0]).toMatchObject({
      role: 'technician',
      colour: '#123456',
    });
    apply({
      seq: 2,
      entity: 'member',
      action: 'created',
      data: { ...me, id: 'member-new', userId: 'user-new', name: 'New' },
    });
    expect(list().map((m) => m.id)).toContain('member-new');
    expect(fetch.calls).toEqual([]);
  });

  it('a member change from the channel (which carries no email) keeps the email an owner or dispatcher already has', async () => {
    const { store, apply } = await setup('dispatcher');
    const tech = members.find((m) => m.role === 'technician');
    if (!tech?.email) throw new Error('fixture');
    const { email: _left, ...withoutEmail } = tech;
    apply({ seq: 1, entity: 'member', action: 'updated', data: { ...withoutEmail, colour: '#654321' } });
    const list = membersApi.endpoints.getMembers.select(workspaceId)(store.getState()).data ?? [];
    expect(list.find((m) => m.id === tech.id)).toMatchObject({ colour: '#654321', email: tech.email });
  });

  it('a new member from the channel: whoever may see emails reads the list once to get theirs; a technician does not', async () => {
    const tech = members.find((m) => m.role === 'technician');
    if (!tech?.email) throw new Error('fixture');
    const { email: _left, ...withoutEmail } = tech;
    const newcomer = { ...withoutEmail, id: 'member-new', userId: 'user-new', name: 'New' };
    const membersPath = `GET /workspaces/${workspaceId}/members`;
    for (const role of ['owner', 'dispatcher', 'technician'] as const) {
      const { store, fetch, apply } = await setup(role, {
        [membersPath]: () => Response.json([...members, { ...newcomer, email: 'new@example.test' }]),
      });
      apply({ seq: 1, entity: 'member', action: 'created', data: newcomer });
      const list = () => membersApi.endpoints.getMembers.select(workspaceId)(store.getState()).data ?? [];
      if (role === 'technician') {
        expect(fetch.callsTo(membersPath)).toHaveLength(0);
        expect(list().find((m) => m.id === 'member-new')?.email).toBeUndefined();
      } else {
        await vi.waitFor(() => expect(list().find((m) => m.id === 'member-new')?.email).toBe('new@example.test'));
        expect(fetch.callsTo(membersPath)).toHaveLength(1);
      }
    }
  });

  it('applies workspace settings and its name in /me', async () => {
    const { store, apply } = await setup();
    apply({ seq: 1, entity: 'workspace', action: 'updated', data: { ...workspace, name: 'Renamed', timeZone: 'UTC' } });
    expect(workspaceApi.endpoints.getWorkspace.select(workspaceId)(store.getState()).data?.timeZone).toBe('UTC');
    expect(authApi.endpoints.getMe.select()(store.getState()).data?.memberships[0]?.workspaceName).toBe('Renamed');
  });

  it('keeps the area list by name, and removes a deleted area', async () => {
    const { store, apply } = await setup();
    const areas = () =>
      areasApi.endpoints.listAreas
        .select(workspaceId)(store.getState())
        .data?.map((a) => a.name);
    apply({ seq: 1, entity: 'area', action: 'created', data: { ...area, id: 'area-0', name: 'East' } });
    expect(areas()).toEqual(['East', 'North']);
    apply({ seq: 2, entity: 'area', action: 'deleted', data: { id: 'area-1' } });
    expect(areas()).toEqual(['East']);
  });

  it('a customer without contact details keeps the cached ones; a dispatcher then reads that one customer', async () => {
    const { store, fetch, apply } = await setup('dispatcher');
    const { email: _e, phone: _p, ...shared } = customer({ name: 'Koch & Söhne', version: 2 });
    apply({ seq: 1, entity: 'customer', action: 'updated', data: shared });
    const detail = () =>
      customersApi.endpoints.getCustomer.select({ workspaceId, id: 'cust-1' })(store.getState()).data;
    expect(detail()).toMatchObject({ name: 'Koch & Söhne', email: 'koch@example.test' });
    await expect.poll(() => detail()?.email).toBe('new@example.test');
    const list = customersApi.endpoints.listCustomers.select({ workspaceId })(store.getState()).data;
    expect(list?.items[0]).toMatchObject({ name: 'Koch & Söhne', email: 'new@example.test' });
    expect(fetch.callsTo(`GET /workspaces/${workspaceId}/customers/cust-1`)).toHaveLength(1);
  });

  it('a technician applies the customer as it came, asking nothing', async () => {
    const { store, fetch, apply } = await setup('technician');
    const { email: _e, phone: _p, ...shared } = customer({ name: 'Renamed', version: 2 });
    apply({ seq: 1, entity: 'customer', action: 'updated', data: shared });
    const list = customersApi.endpoints.listCustomers.select({ workspaceId })(store.getState()).data;
    expect(list?.items[0]?.name).toBe('Renamed');
    expect(fetch.calls).toEqual([]);
  });

  it('a deleted customer leaves the lists', async () => {
    const { store, apply } = await setup('technician');
    apply({ seq: 1, entity: 'customer', action: 'deleted', data: { id: 'cust-1' } });
    const list = customersApi.endpoints.listCustomers.select({ workspaceId })(store.getState()).data;
    expect(list).toMatchObject({ items: [], total: 0 });
  });

  it('puts a changed feed into the list and fetches the busy time of the shown range again', async () => {
    const { store, fetch, apply } = await setup();
    const feed = {
      id: 'feed-1',
      name: 'Holidays',
      url: 'https://calendars.example.com/…',
      colour: '#56B4E9',
      memberId: null,
      refreshMinutes: 60,
      status: 'failing' as const,
      lastError: 'the server answered 500',
      lastFetchedAt: '2026-11-20T08:00:00.000Z',
      lastSuccessAt: '2026-11-19T08:00:00.000Z',
      eventCount: 3,
      version: 2,
      createdAt: '2026-11-01T08:00:00.000Z',
      updatedAt: '2026-11-20T08:00:00.000Z',
    };
    await store.dispatch(feedsApi.util.upsertQueryData('listFeeds', workspaceId, []));
    const range = { workspaceId, start: '2026-11-23', end: '2026-11-30' };
    const busyPath = `GET /workspaces/${workspaceId}/calendar/busy`;
    const shown = store.dispatch(feedsApi.endpoints.getBusy.initiate(range));
    await expect.poll(() => fetch.callsTo(busyPath).length).toBe(1);
    apply({ seq: 1, entity: 'feed', action: 'updated', data: feed });
    expect(feedsApi.endpoints.listFeeds.select(workspaceId)(store.getState()).data).toEqual([feed]);
    await expect.poll(() => fetch.callsTo(busyPath).length).toBe(2);
    apply({ seq: 2, entity: 'feed', action: 'deleted', data: { id: 'feed-1' } });
    expect(feedsApi.endpoints.listFeeds.select(workspaceId)(store.getState()).data).toEqual([]);
    shown.unsubscribe();
  });

  it('a job, member or workspace change fetches the drives of the shown range again (priced on the server)', async () => {
    const { store, fetch, apply } = await setup();
    const legsPath = `GET /workspaces/${workspaceId}/travel-legs`;
    const shown = store.dispatch(
      travelApi.endpoints.getTravelLegs.initiate({ workspaceId, start: '2026-11-23', end: '2026-11-24' }),
    );
    await expect.poll(() => fetch.callsTo(legsPath).length).toBe(1);
    apply({
      seq: 1,
      entity: 'job',
      action: 'updated',
      data: job({ start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T10:00:00.000Z' }),
    });
    await expect.poll(() => fetch.callsTo(legsPath).length).toBe(2);
    const tech = members.find((m) => m.role === 'technician');
    if (!tech) throw new Error('fixture');
    apply({ seq: 2, entity: 'member', action: 'updated', data: { ...tech, homeBase: { lat: 52.4, lng: 13.3 } } });
    await expect.poll(() => fetch.callsTo(legsPath).length).toBe(3);
    apply({ seq: 3, entity: 'workspace', action: 'updated', data: { ...workspace, timeZone: 'UTC' } });
    await expect.poll(() => fetch.callsTo(legsPath).length).toBe(4);
    shown.unsubscribe();
  });

  it('a resync fetches every registered entity’s shown reads again', async () => {
    const { store, fetch } = await setup();
    const areasPath = `GET /workspaces/${workspaceId}/areas`;
    const membersPath = `GET /workspaces/${workspaceId}/members`;
    const shown = [
      store.dispatch(areasApi.endpoints.listAreas.initiate(workspaceId)),
      store.dispatch(membersApi.endpoints.getMembers.initiate(workspaceId)),
    ];
    await Promise.all(shown);
    expect(fetch.callsTo(areasPath).length + fetch.callsTo(membersPath).length).toBe(0);
    store.dispatch(resyncAll());
    await expect.poll(() => fetch.callsTo(areasPath).length).toBe(1);
    await expect.poll(() => fetch.callsTo(membersPath).length).toBe(1);
    for (const s of shown) s.unsubscribe();
  });
});
