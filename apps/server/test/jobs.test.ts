import type { Job, JobPage } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestContext } from './harness.js';
import { changesOf, expectFieldError, expectProblem, inviteMember, ws } from './helpers.js';
import {
  changeOf,
  createCustomer,
  createJob,
  createTeam,
  deleteJob,
  getJob,
  ifMatch,
  patchJob,
  scheduleCounts,
  type Team,
  validJob,
} from './schedule-helpers.js';

const monday = { start: '2026-03-02T08:00:00Z', end: '2026-03-02T10:00:00Z' };

describe('jobs', () => {
  let ctx: TestContext;
  let team: Team;
  const url = (rest = '') => ws(team.owner.workspaceId, `/jobs${rest}`);

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
  });
  afterAll(() => ctx.close());

  it('creates an unscheduled job with defaults, at its customer’s place when none is given', async () => {
    const customer = await createCustomer(team.owner, { name: 'Frau Krüger' });
    const res = await team.dispatcher.client.post(url(), { title: 'Leaking tap', customerId: customer.id });
    expect(res.statusCode, res.body).toBe(201);
    const job = res.json() as Job;
    expect(job).toMatchObject({
      title: 'Leaking tap',
      description: '',
      customerId: customer.id,
      customerName: 'Frau Krüger',
      address: customer.address,
      lat: customer.lat,
      lng: customer.lng,
      start: null,
      end: null,
      allDay: false,
      status: 'unscheduled',
      priority: 3,
      assigneeIds: [],
      rrule: null,
      exceptions: [],
      version: 1,
    });
    expect(res.headers.etag).toBe('"1"');
    expect(await getJob(team.owner, job.id)).toEqual(job);
  });

  it('schedules a job automatically once it has a time and a technician, and unschedules it again', async () => {
    const timedOnly = await createJob(team.owner, monday);
    expect(timedOnly.status).toBe('unscheduled');
    const job = await createJob(team.owner, { ...monday, assigneeIds: [team.tech1.memberId, team.tech2.memberId] });
    expect(job).toMatchObject({ status: 'scheduled', assigneeIds: [team.tech1.memberId, team.tech2.memberId] });
    expect(job.start).toBe('2026-03-02T08:00:00.000Z');

    const unassigned = changeOf(await patchJob(team.owner, job, { assigneeIds: [] })).jobs[0] as Job;
    expect(unassigned).toMatchObject({ status: 'unscheduled', assigneeIds: [], version: 2 });
    const again = changeOf(await patchJob(team.owner, unassigned, { assigneeIds: [team.tech2.memberId] }))
      .jobs[0] as Job;
    expect(again).toMatchObject({ status: 'scheduled', version: 3 });
    const noTime = changeOf(await patchJob(team.owner, again, { start: null, end: null })).jobs[0] as Job;
    expect(noTime).toMatchObject({ status: 'unscheduled', start: null, end: null, version: 4 });
  });

  it('moves a job keeping its duration when only the start changes; all-day jobs use dates', async () => {
    const job = await createJob(team.owner, monday);
    const moved = changeOf(await patchJob(team.owner, job, { start: '2026-03-03T13:30:00+01:00' })).jobs[0] as Job;
    expect(moved).toMatchObject({ start: '2026-03-03T12:30:00.000Z', end: '2026-03-03T14:30:00.000Z' });
    const allDay = await createJob(team.owner, { allDay: true, start: '2026-03-02', end: '2026-03-05' });
    expect(allDay).toMatchObject({ allDay: true, start: '2026-03-02', end: '2026-03-05' });
    const longest = await createJob(team.owner, { allDay: true, start: '2026-03-01', end: '2026-04-01' });
    expect(longest.end).toBe('2026-04-01');
    const toTimed = await patchJob(team.owner, allDay, { allDay: false, ...monday });
    expect((changeOf(toTimed).jobs[0] as Job).allDay).toBe(false);
  });

  it('refuses bad times and values on their field and writes nothing', async () => {
    const before = await scheduleCounts(ctx.db);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ start: '2026-03-02T10:00:00Z', end: '2026-03-02T09:00:00Z' }, 'end', /after start/],
      [{ start: '2026-03-02T10:00:00Z', end: '2026-03-02T10:00:00Z' }, 'end', /after start/],
      [{ start: '2026-03-02T10:00:00Z', end: '2026-03-03T11:00:00Z' }, 'end', /24 hours/],
      [{ allDay: true, start: '2026-03-02', end: '2026-04-11' }, 'end', /31 days/],
      [{ start: '2026-03-02T10:00:00Z' }, 'end', /End is required/],
      [{ start: 'tomorrow', end: '2026-03-02T10:00:00Z' }, 'start', /date-time/],
      [{ title: '' }, 'title', /Title is required/],
      [{ title: 't'.repeat(121) }, 'title', /120/],
      [{ description: 'd'.repeat(5001) }, 'description', /5000/],
      [{ priority: 0 }, 'priority', /1 and 5/],
      [{ priority: 6 }, 'priority', /1 and 5/],
      [{ lat: 91 }, 'lat', /between -90 and 90/],
      [{ lat: 52.5, lng: null }, 'lng', /both/],
      [{ assigneeIds: Array.from({ length: 11 }, (_, i) => `m${i}`) }, 'assigneeIds', /at most 10/],
      [{ status: 'completed' }, 'status', /Unknown field/],
      [{ address: undefined, customerId: undefined }, 'address', /Address is required/],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await team.owner.client.post(url(), validJob(overrides));
      expect(expectFieldError(res, path), JSON.stringify(overrides)).toMatch(message);
    }
    const job = await createJob(team.owner, monday);
    const mid = await scheduleCounts(ctx.db);
    expect(mid.jobs).toBe(before.jobs + 1);
    expectFieldError(await patchJob(team.owner, job, { end: '2026-03-02T08:00:00Z' }), 'end');
    expectFieldError(await patchJob(team.owner, job, { allDay: true }), 'start');
    expectFieldError(await patchJob(team.owner, job, { title: null }), 'title');
    expectFieldError(await patchJob(team.owner, job, { address: '' }), 'address');
    expect(await scheduleCounts(ctx.db)).toEqual(mid);
    expect((await getJob(team.owner, job.id)).version).toBe(1);
  });

  it('assigns only active technicians of this workspace', async () => {
    const stranger = await signUpOwner(ctx.app, 'Other Co');
    const foreignTech = await inviteMember(ctx.app, stranger, 'technician');
    const leaver = await inviteMember(ctx.app, team.owner, 'technician', { name: 'Leo Leaver' });
    const off = await team.owner.client.patch(ws(team.owner.workspaceId, `/members/${leaver.memberId}`), {
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const before = await scheduleCounts(ctx.db);
    const refused: [string, RegExp][] = [
      [foreignTech.memberId, /not a member/],
      [team.viewer.memberId, /viewer: only technicians/],
      [team.dispatcher.memberId, /dispatcher: only technicians/],
      [team.owner.memberId, /owner: only technicians/],
      [leaver.memberId, /deactivated/],
      ['00000000-0000-4000-8000-000000000000', /not a member/],
    ];
    for (const [id, message] of refused) {
      const res = await team.owner.client.post(url(), validJob({ ...monday, assigneeIds: [team.tech1.memberId, id] }));
      expect(expectFieldError(res, 'assigneeIds')).toMatch(message);
    }
    expectFieldError(
      await team.owner.client.post(url(), validJob({ assigneeIds: [team.tech1.memberId, team.tech1.memberId] })),
      'assigneeIds',
    );
    const job = await createJob(team.owner, monday);
    const mid = await scheduleCounts(ctx.db);
    expectFieldError(await patchJob(team.owner, job, { assigneeIds: [team.viewer.memberId] }), 'assigneeIds');
    expect(await scheduleCounts(ctx.db)).toEqual(mid);
    expect(mid.jobs).toBe(before.jobs + 1);
  });

  it('refuses a customer of another workspace or a deleted one', async () => {
    const stranger = await signUpOwner(ctx.app, 'Other Co 2');
    const theirs = await createCustomer(stranger);
    expectFieldError(await team.owner.client.post(url(), validJob({ customerId: theirs.id })), 'customerId');
    const gone = await createCustomer(team.owner);
    await team.owner.client.delete(ws(team.owner.workspaceId, `/customers/${gone.id}`), ifMatch(1));
    expectFieldError(await team.owner.client.post(url(), validJob({ customerId: gone.id })), 'customerId');
  });

  it('versions every write: missing If-Match is 400, a stale one 412 with the current job', async () => {
    const job = await createJob(team.owner, monday);
    const first = await patchJob(team.owner, job, { title: 'Mine' });
    expect(first.headers.etag).toBe('"2"');
    const before = await scheduleCounts(ctx.db);
    expectFieldError(await team.dispatcher.client.patch(url(`/${job.id}`), { title: 'Theirs' }), 'If-Match');
    const stale = await patchJob(team.dispatcher, job, { title: 'Theirs' });
    const problem = expectProblem(stale, 412, 'version_conflict');
    expect(problem.currentVersion).toBe(2);
    expect(problem.current).toMatchObject({ id: job.id, title: 'Mine', version: 2 });
    expectProblem(await deleteJob(team.dispatcher, job), 412, 'version_conflict');
    expect(await scheduleCounts(ctx.db)).toEqual(before);
    expect((await getJob(team.owner, job.id)).title).toBe('Mine');
  });

  it('deletes softly and logs every write in the change log', async () => {
    const job = await createJob(team.owner, monday);
    const edited = changeOf(await patchJob(team.owner, job, { priority: 1 })).jobs[0] as Job;
    const removed = changeOf(await deleteJob(team.owner, edited));
    expect(removed).toEqual({ jobs: [], deletedIds: [job.id] });
    expectProblem(await team.owner.client.get(url(`/${job.id}`)), 404, 'not_found');
    expectProblem(await patchJob(team.owner, { id: job.id, version: 3 }, { title: 'x' }), 404, 'not_found');
    const log = (await changesOf(ctx.db, team.owner.workspaceId)).filter((c) => c.entity_id === job.id);
    expect(log.map((c) => `${c.entity}:${c.action}`)).toEqual(['job:created', 'job:updated', 'job:deleted']);
  });

  it('lets technicians and viewers read jobs but not write them', async () => {
    const job = await createJob(team.owner, monday);
    for (const member of [team.tech1, team.viewer]) {
      expect((await member.client.get(url(`/${job.id}`))).statusCode).toBe(200);
      expectProblem(await member.client.post(url(), validJob()), 403, 'forbidden');
      expectProblem(await patchJob(member, job, { title: 'x' }), 403, 'forbidden');
      expectProblem(await deleteJob(member, job), 403, 'forbidden');
    }
  });

  it('never shows another workspace’s jobs (404)', async () => {
    const job = await createJob(team.owner, monday);
    const stranger = await signUpOwner(ctx.app, 'Nosy');
    const theirUrl = ws(stranger.workspaceId, `/jobs/${job.id}`);
    const before = await scheduleCounts(ctx.db);
    expectProblem(await stranger.client.get(theirUrl), 404, 'not_found');
    expectProblem(await stranger.client.patch(theirUrl, { title: 'x' }, ifMatch(1)), 404, 'not_found');
    expectProblem(await stranger.client.delete(theirUrl, ifMatch(1)), 404, 'not_found');
    expectProblem(
      await stranger.client.post(`${theirUrl}/status`, { status: 'cancelled' }, ifMatch(1)),
      404,
      'not_found',
    );
    expectProblem(await stranger.client.get(url(`/${job.id}`)), 404, 'not_found');
    expect(((await stranger.client.get(ws(stranger.workspaceId, '/jobs'))).json() as JobPage).total).toBe(0);
    expect(await scheduleCounts(ctx.db)).toEqual(before);
  });
});

describe('job lists and the unscheduled queue', () => {
  let ctx: TestContext;
  let team: Team;
  const url = (rest = '') => ws(team.owner.workspaceId, `/jobs${rest}`);

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
    await createJob(team.owner, { title: 'Low', priority: 5 });
    await createJob(team.owner, { title: 'Urgent', priority: 1 });
    await createJob(team.owner, { title: 'Normal' });
    await createJob(team.owner, { title: 'Timed, unassigned', ...monday });
    await createJob(team.owner, { title: 'Scheduled', ...monday, assigneeIds: [team.tech1.memberId] });
    const cancelled = await createJob(team.owner, { title: 'Cancelled' });
    await team.owner.client.post(url(`/${cancelled.id}/status`), { status: 'cancelled' }, ifMatch(1));
  });
  afterAll(() => ctx.close());

  const titles = async (query: string) =>
    ((await team.tech1.client.get(url(query))).json() as JobPage).items.map((j) => j.title);

  it('lists the queue of jobs with no time yet, most urgent first', async () => {
    expect(await titles('?unscheduled=true')).toEqual(['Urgent', 'Normal', 'Low']);
  });

  it('filters by status and title, and pages', async () => {
    expect(await titles('?status=scheduled')).toEqual(['Scheduled']);
    expect(await titles('?q=unassigned')).toEqual(['Timed, unassigned']);
    const first = (await team.owner.client.get(url('?limit=4'))).json() as JobPage;
    expect(first.total).toBe(6);
    expect(first.items).toHaveLength(4);
    const second = (await team.owner.client.get(url(`?limit=4&cursor=${first.nextCursor}`))).json() as JobPage;
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((j) => j.id)).size).toBe(6);
    expectFieldError(await team.owner.client.get(url('?unscheduled=yes')), 'querystring.unscheduled');
    expectFieldError(await team.owner.client.get(url('?cursor=nope')), 'cursor');
  });

  it('queues a timed job with no technician keeping its time, and a job taken off every technician', async () => {
    // Most urgent first; 'Normal' and 'Timed, unassigned' share a priority and may share a creation
    // millisecond, so their order between each other is not asserted.
    const waiting = await titles('?queue=true');
    expect([waiting[0], waiting[3]]).toEqual(['Urgent', 'Low']);
    expect(waiting.slice(1, 3).sort()).toEqual(['Normal', 'Timed, unassigned']);
    const timed = (await titles('?queue=false')).sort();
    expect(timed).toEqual(['Cancelled', 'Scheduled']);
    const series = await createJob(team.owner, {
      title: 'Weekly, unassigned',
      ...monday,
      rrule: 'FREQ=WEEKLY;COUNT=3',
    });
    expect(series.status).toBe('unscheduled');
    const page = (await team.owner.client.get(url('?queue=true&q=scheduled'))).json() as JobPage;
    expect(page.items).toEqual([]);
    const [scheduled] = ((await team.owner.client.get(url('?status=scheduled'))).json() as JobPage).items;
    if (!scheduled) throw new Error('no scheduled job');
    const dropped = changeOf(await patchJob(team.owner, scheduled, { assigneeIds: [] })).jobs[0] as Job;
    expect(dropped).toMatchObject({ status: 'unscheduled', start: monday.start.replace('Z', '.000Z') });
    const queue = ((await team.owner.client.get(url('?queue=true'))).json() as JobPage).items;
    const order = queue.map((j) => j.title);
    expect([order[0], order[4]]).toEqual(['Urgent', 'Low']);
    expect(order.slice(1, 4).sort()).toEqual(['Normal', 'Scheduled', 'Timed, unassigned']);
    expect(queue.find((j) => j.id === scheduled.id)?.start).toBe('2026-03-02T08:00:00.000Z');
    expect(await titles('?queue=true&q=weekly')).toEqual([]);
    expectFieldError(await team.owner.client.get(url('?queue=maybe')), 'querystring.queue');
  });
});
