import type { Area, ChangeEvent, Customer, Job, Member, Workspace } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChange } from '../src/db/changes.js';
import { fitEvent } from '../src/realtime/change-publisher.js';
import { changesOf, ws } from './helpers.js';
import {
  collectChanges,
  connectPusher,
  createLiveApp,
  eventually,
  type LiveApp,
  sleep,
  subscribed,
  type WatchedTeam,
  watchedTeam,
} from './realtime-harness.js';
import { changeOf, createCustomer, createJob, createTeam, ifMatch, patchJob, type Team } from './schedule-helpers.js';

/**
 * After each committed change, `{seq, entity, action, data}` on `private-workspace-{id}` , received by another member's official pusher-js client from the embedded server.
 */
describe('change events on the workspace channel', () => {
  let live: LiveApp;
  let team: Team;
  let tech: Pusher;
  let seen: ChangeEvent[];
  const latestSeq = async () => (await changesOf(live.db, team.owner.workspaceId)).at(-1)?.seq ?? 0;
  const eventFor = async (seq: number) => {
    await eventually(() => seen.some((e) => e.seq === seq), 5000, `change ${seq}`);
    return seen.find((e) => e.seq === seq) as ChangeEvent;
  };

  beforeAll(async () => {
    live = await createLiveApp({
      // A write that records a change and then fails: its transaction rolls back.
      extraRoutes: (app) =>
        app.post<{ Params: { ws: string } }>('/test/rollback/:ws', async (request) => {
          await live.db.kysely.transaction().execute(async (trx) => {
            await recordChange(trx, {
              workspaceId: request.params.ws,
              entity: 'job',
              entityId: 'rolled-back-job',
              action: 'created',
              actorId: null,
            });
            throw new Error('boom after recordChange');
          });
        }),
    });
    team = await createTeam(live.app);
    tech = connectPusher(live, team.tech1.client);
    const channel = await subscribed(tech, `private-workspace-${team.owner.workspaceId}`);
    seen = collectChanges(channel);
  });
  afterAll(async () => {
    tech.disconnect();
    await live.close();
  });

  it('a job created through the API arrives on another member’s client with its seq and the presented job', async () => {
    const job = await createJob(team.dispatcher, {
      assigneeIds: [team.tech1.memberId],
      start: '2026-03-02T08:00:00Z',
      end: '2026-03-02T09:00:00Z',
    });
    const seq = await latestSeq();
    const event = await eventFor(seq);
    expect(event).toEqual({ seq, entity: 'job', action: 'created', data: job });
  });

  it('a moved job arrives as updated with its new time; a deleted one as {id}', async () => {
    const job = await createJob(team.dispatcher);
    const res = await patchJob(team.dispatcher, job, {
      start: '2026-03-03T10:00:00Z',
      end: '2026-03-03T11:00:00Z',
      assigneeIds: [team.tech2.memberId],
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = (res.json() as { jobs: Job[] }).jobs[0] as Job;
    const updated = await eventFor(await latestSeq());
    expect(updated).toMatchObject({
      entity: 'job',
      action: 'updated',
      data: { id: job.id, start: '2026-03-03T10:00:00.000Z', version: moved.version },
    });
    const del = await team.dispatcher.client.delete(
      ws(team.owner.workspaceId, `/jobs/${job.id}`),
      ifMatch(moved.version),
    );
    expect(del.statusCode, del.body).toBe(200);
    expect(await eventFor(await latestSeq())).toMatchObject({ entity: 'job', action: 'deleted', data: { id: job.id } });
  });

  it('customers travel without contact details (technicians share the channel)', async () => {
    const customer: Customer = await createCustomer(team.dispatcher);
    const event = await eventFor(await latestSeq());
    expect(event).toMatchObject({
      entity: 'customer',
      action: 'created',
      data: { id: customer.id, name: customer.name },
    });
    expect(event.data).not.toHaveProperty('email');
    expect(event.data).not.toHaveProperty('phone');
  });

  it('members, the workspace and service areas are published too', async () => {
    const member = await team.owner.client.patch(ws(team.owner.workspaceId, `/members/${team.tech2.memberId}`), {
      colour: '#123456',
    });
    // Every member reads the channel: the member comes as the owner saw it, without the email.
    const { email, ...withoutEmail } = member.json() as Member;
    expect(email).toBeDefined();
    expect(await eventFor(await latestSeq())).toEqual({
      seq: await latestSeq(),
      entity: 'member',
      action: 'updated',
      data: withoutEmail,
    });
    const renamed = await team.owner.client.patch(ws(team.owner.workspaceId), { name: 'Renamed Live' });
    expect((await eventFor(await latestSeq())).data).toEqual(renamed.json() as Workspace);
    const area = await team.dispatcher.client.post(ws(team.owner.workspaceId, '/areas'), {
      name: 'North',
      colour: '#0072B2',
      geometry: { type: 'Circle', center: { lat: 52.5, lng: 13.4 }, radiusM: 5000 },
    });
    expect(area.statusCode, area.body).toBe(201);
    expect(await eventFor(await latestSeq())).toMatchObject({
      entity: 'area',
      action: 'created',
      data: area.json() as Area,
    });
  });

  it('a rolled-back write publishes nothing; the seq it had is published once, for the change that took it', async () => {
    const before = await latestSeq();
    const failed = await team.owner.client.post(`/test/rollback/${team.owner.workspaceId}`, {});
    expect(failed.statusCode).toBe(500);
    expect(await latestSeq()).toBe(before);
    const job = await createJob(team.dispatcher, { title: 'Takes the rolled-back seq' });
    const event = await eventFor(before + 1);
    expect(event.data).toEqual(job);
    await sleep(300);
    expect(seen.filter((e) => e.seq === before + 1)).toHaveLength(1);
    expect(seen.some((e) => e.data.id === 'rolled-back-job')).toBe(false);
  });

  it('quick successive writes arrive with every seq, each once', async () => {
    const from = await latestSeq();
    for (let i = 0; i < 5; i += 1) await createJob(team.dispatcher, { title: `Burst ${i}` });
    const to = await latestSeq();
    expect(to - from).toBe(5);
    await eventually(() => seen.filter((e) => e.seq > from).length === 5, 5000, 'five events');
    expect(
      seen
        .filter((e) => e.seq > from)
        .map((e) => e.seq)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5].map((n) => from + n));
  });

  it('an entity too large for one message travels as {id} with truncated: fetch it with /changes', () => {
    const big = { seq: 7, entity: 'job', action: 'updated', data: { id: 'j1', description: 'x'.repeat(11_000) } };
    expect(fitEvent(big as unknown as ChangeEvent)).toEqual({
      seq: 7,
      entity: 'job',
      action: 'updated',
      data: { id: 'j1' },
      truncated: true,
    });
  });
});

describe('change events when later writes overtake the publisher', () => {
  let watched: WatchedTeam;

  beforeAll(async () => {
    watched = await watchedTeam();
  });
  afterAll(() => watched.close());

  // docs/adr/0008-realtime-in-the-app.md, "A quick succession of writes": publishing follows the
  // answer, so an event carries its entity as it is when published, not as its own write left it.
  it('each change arrives once, in seq order, carrying the entity as it is when published', async () => {
    const { live, team, seen } = watched;
    // The process's one publishing queue, held by a message that is built only once released: the
    // publisher lags behind the writes, as it can on a busy PostgreSQL.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = live.app.publishRecorded({
      changes: [],
      publishes: new Map([['hold', () => released.then(() => [])]]),
    });
    const job = await createJob(team.dispatcher, { title: 'First' });
    const renamed = changeOf(await patchJob(team.dispatcher, job, { title: 'Second' })).jobs[0] as Job;
    const last = changeOf(await patchJob(team.dispatcher, renamed, { title: 'Third' })).jobs[0] as Job;
    await sleep(100);
    expect(seen.filter((e) => e.data.id === job.id)).toEqual([]);
    release();
    await holding;
    await eventually(() => seen.filter((e) => e.data.id === job.id).length === 3, 5000, 'three job changes');
    const mine = seen.filter((e) => e.data.id === job.id);
    expect(mine.map((e) => e.seq)).toEqual([0, 1, 2].map((n) => (mine[0]?.seq ?? 0) + n));
    expect(mine.map((e) => [e.action, e.data])).toEqual([
      ['created', last],
      ['updated', last],
      ['updated', last],
    ]);
  });
});
