import type { CalendarEvent, Job } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';
import { changesOf, expectFieldError } from './helpers.js';
import {
  changeOf,
  createJob,
  createTeam,
  deleteJob,
  events,
  getJob,
  patchJob,
  scheduleCounts,
  scopeQuery,
  type Team,
} from './schedule-helpers.js';

/** Starts (UTC ISO) of a job's events in the range, in order. */
async function starts(team: Team, jobId: string, from = '2026-01-01', to = '2026-04-10') {
  const all = await events(team.owner, from, to);
  return all.filter((e) => e.extendedProps.jobId === jobId).map((e) => e.start);
}

describe('edit scopes of a recurring job: this, following, all', () => {
  let ctx: TestContext;
  let team: Team;
  // Mondays and Wednesdays 09:00–10:00 Berlin: 2, 4, 9, 11, 16, 18 March 2026.
  const weekly = () => ({
    start: '2026-03-02T08:00:00Z',
    end: '2026-03-02T09:00:00Z',
    rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6',
    assigneeIds: [team.tech1.memberId],
  });
  const march = (day: string, hourUtc = '08') => `2026-03-${day}T${hourUtc}:00:00.000Z`;

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
  });
  afterAll(() => ctx.close());

  const changesFor = async (id: string) =>
    (await changesOf(ctx.db, team.owner.workspaceId)).filter((c) => c.entity_id === id).map((c) => c.action);

  it('PATCH this: moves one occurrence to another time and technician (an exception)', async () => {
    const job = await createJob(team.owner, weekly());
    const res = await patchJob(
      team.dispatcher,
      job,
      { start: '2026-03-05T12:00:00Z', end: '2026-03-05T13:30:00Z', assigneeIds: [team.tech2.memberId] },
      scopeQuery('this', march('04')),
    );
    const [updated] = changeOf(res).jobs as [Job];
    expect(res.headers.etag).toBe('"2"');
    expect(updated).toMatchObject({ version: 2, rrule: job.rrule, start: job.start });
    expect(updated.exceptions).toEqual([
      {
        occurrence: march('04'),
        kind: 'moved',
        start: '2026-03-05T12:00:00.000Z',
        end: '2026-03-05T13:30:00.000Z',
        assigneeIds: [team.tech2.memberId],
        status: null,
      },
    ]);
    const feed = (await events(team.owner, '2026-03-02', '2026-03-09')).filter((e) => e.extendedProps.jobId === job.id);
    expect(feed.map((e) => [e.id, e.start, e.resourceIds])).toEqual([
      [`${job.id}:${Date.parse(march('02'))}`, march('02'), [team.tech1.memberId]],
      [`${job.id}:${Date.parse(march('04'))}`, '2026-03-05T12:00:00.000Z', [team.tech2.memberId]],
    ]);
    expect(feed[1]?.extendedProps.occurrenceKey).toBe(march('04'));
    // Only time and technicians can differ for one occurrence.
    expectFieldError(await patchJob(team.owner, updated, { title: 'New' }, scopeQuery('this', march('09'))), 'title');
    // Moving it back where it was (with the series' technician) drops the exception.
    const back = changeOf(
      await patchJob(
        team.owner,
        updated,
        { start: march('04'), end: march('04', '09'), assigneeIds: [team.tech1.memberId] },
        scopeQuery('this', march('04')),
      ),
    ).jobs[0] as Job;
    expect(back).toMatchObject({ version: 3, exceptions: [] });
    expect(await changesFor(job.id)).toEqual(['created', 'updated', 'updated']);
  });

  it('PATCH following: ends the series before the occurrence and starts a new one (COUNT kept in total)', async () => {
    const job = await createJob(team.owner, weekly());
    // A cancelled occurrence after the split point travels with the new series.
    const withException = changeOf(await deleteJob(team.owner, job, scopeQuery('this', march('16')))).jobs[0] as Job;
    const res = await patchJob(
      team.owner,
      withException,
      { start: '2026-03-11T10:00:00+01:00', end: '2026-03-11T11:00:00+01:00', title: 'Later visit' },
      scopeQuery('following', march('11')),
    );
    const [old, created] = changeOf(res).jobs as [Job, Job];
    expect(old).toMatchObject({ id: job.id, version: 3, rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260311T075959Z' });
    expect(old.exceptions).toEqual([]);
    expect(created).toMatchObject({
      title: 'Later visit',
      version: 1,
      start: march('11', '09'),
      end: march('11', '10'),
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3',
      assigneeIds: [team.tech1.memberId],
      status: 'scheduled',
    });
    expect(created.exceptions.map((e) => [e.occurrence, e.kind])).toEqual([[march('16', '09'), 'cancelled']]);
    expect(await starts(team, job.id)).toEqual([march('02'), march('04'), march('09')]);
    expect(await starts(team, created.id)).toEqual([march('11', '09'), march('18', '09')]);
    expect(await changesFor(job.id)).toEqual(['created', 'updated', 'updated']);
    expect(await changesFor(created.id)).toEqual(['created']);
  });

  it('PATCH following from the first occurrence is the same as all', async () => {
    const job = await createJob(team.owner, weekly());
    const change = changeOf(
      await patchJob(team.owner, job, { title: 'Renamed' }, scopeQuery('following', march('02'))),
    );
    expect(change.jobs.map((j) => [j.id, j.title, j.version])).toEqual([[job.id, 'Renamed', 2]]);
  });

  it('PATCH all: a time shift moves every occurrence on the wall clock, across DST', async () => {
    const job = await createJob(team.owner, {
      start: '2026-03-23T08:00:00Z',
      end: '2026-03-23T09:00:00Z',
      rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3',
      assigneeIds: [team.tech1.memberId],
    });
    // Move the occurrence of 30 March (09:00 CEST = 07:00Z) to 10:00 local: every Monday moves to 10:00.
    const edited = changeOf(
      await patchJob(
        team.owner,
        job,
        { start: '2026-03-30T08:00:00Z', end: '2026-03-30T09:30:00Z' },
        scopeQuery('all', '2026-03-30T07:00:00Z'),
      ),
    ).jobs[0] as Job;
    expect(edited).toMatchObject({ version: 2, start: '2026-03-23T09:00:00.000Z', end: '2026-03-23T10:30:00.000Z' });
    expect(await starts(team, job.id)).toEqual([
      '2026-03-23T09:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-04-06T08:00:00.000Z',
    ]);
    // Dragging to Tuesday moves the weekday of the rule along.
    const tuesday = changeOf(
      await patchJob(
        team.owner,
        edited,
        { start: '2026-04-07T08:00:00Z', end: '2026-04-07T09:30:00Z' },
        scopeQuery('all', '2026-04-06T08:00:00Z'),
      ),
    ).jobs[0] as Job;
    expect(tuesday.rrule).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=3');
    expect(await starts(team, job.id)).toEqual([
      '2026-03-24T09:00:00.000Z',
      '2026-03-31T08:00:00.000Z',
      '2026-04-07T08:00:00.000Z',
    ]);
    // Without scope, PATCH edits the whole series too.
    const renamed = changeOf(await patchJob(team.owner, tuesday, { title: 'All of them' })).jobs[0] as Job;
    expect(renamed).toMatchObject({ title: 'All of them', version: 4 });
    expect(await changesFor(job.id)).toEqual(['created', 'updated', 'updated', 'updated']);
  });

  it('PATCH all keeps exceptions on the occurrences they belong to when the time shifts', async () => {
    const job = await createJob(team.owner, weekly());
    const moved = changeOf(
      await patchJob(team.owner, job, { assigneeIds: [team.tech2.memberId] }, scopeQuery('this', march('09'))),
    ).jobs[0] as Job;
    const shifted = changeOf(await patchJob(team.owner, moved, { start: march('02', '10'), end: march('02', '11') }))
      .jobs[0] as Job;
    expect(shifted.exceptions.map((e) => [e.occurrence, e.assigneeIds])).toEqual([
      [march('09', '10'), [team.tech2.memberId]],
    ]);
    const feed = (await events(team.owner, '2026-03-09', '2026-03-10')).filter((e) => e.extendedProps.jobId === job.id);
    expect(feed.map((e) => [e.start, e.resourceIds])).toEqual([[march('09', '10'), [team.tech2.memberId]]]);
  });

  it('names a bad end even when the whole series moves from an occurrence', async () => {
    const job = await createJob(team.owner, weekly());
    const res = await patchJob(
      team.owner,
      job,
      { start: march('04', '09'), end: 'soon' },
      scopeQuery('all', march('04')),
    );
    expectFieldError(res, 'end');
    expect((await getJob(team.owner, job.id)).version).toBe(1);
  });

  it('refuses a day shift that a rule pinned to days cannot follow', async () => {
    const job = await createJob(team.owner, {
      start: '2026-01-13T08:00:00Z',
      end: '2026-01-13T09:00:00Z',
      rrule: 'FREQ=MONTHLY;BYDAY=2TU;COUNT=3',
    });
    const res = await patchJob(
      team.owner,
      job,
      { start: '2026-02-11T08:00:00Z', end: '2026-02-11T09:00:00Z' },
      scopeQuery('all', '2026-02-10T08:00:00Z'),
    );
    expect(expectFieldError(res, 'rrule')).toMatch(/new recurrence rule/);
  });

  it('DELETE this: the occurrence disappears, the series stays', async () => {
    const job = await createJob(team.owner, weekly());
    const res = await deleteJob(team.owner, job, scopeQuery('this', march('09')));
    const [updated] = changeOf(res).jobs as [Job];
    expect(updated.version).toBe(2);
    expect(updated.exceptions).toEqual([
      { occurrence: march('09'), kind: 'cancelled', start: null, end: null, assigneeIds: null, status: null },
    ]);
    expect(await starts(team, job.id)).toEqual([march('02'), march('04'), march('11'), march('16'), march('18')]);
    expectFieldError(
      await patchJob(team.owner, updated, { start: march('10') }, scopeQuery('this', march('09'))),
      'occurrence',
    );
    expect(await changesFor(job.id)).toEqual(['created', 'updated']);
  });

  it('DELETE following: the series ends before the occurrence; from the first one it is deleted', async () => {
    const job = await createJob(team.owner, weekly());
    const [ended] = changeOf(await deleteJob(team.owner, job, scopeQuery('following', march('11')))).jobs as [Job];
    expect(ended).toMatchObject({ version: 2, rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260311T075959Z' });
    expect(await starts(team, job.id)).toEqual([march('02'), march('04'), march('09')]);
    const gone = changeOf(await deleteJob(team.owner, ended, scopeQuery('following', march('02'))));
    expect(gone).toEqual({ jobs: [], deletedIds: [job.id] });
    expect(await starts(team, job.id)).toEqual([]);
    expect(await changesFor(job.id)).toEqual(['created', 'updated', 'deleted']);
  });

  it('DELETE all: the whole series goes', async () => {
    const job = await createJob(team.owner, weekly());
    expect(changeOf(await deleteJob(team.owner, job, '?scope=all'))).toEqual({ jobs: [], deletedIds: [job.id] });
    expect(await starts(team, job.id)).toEqual([]);
  });

  it('needs a real occurrence for this/following, and scopes only for recurring jobs', async () => {
    const job = await createJob(team.owner, weekly());
    const before = await scheduleCounts(ctx.db);
    expectFieldError(await patchJob(team.owner, job, { start: march('03') }, '?scope=this'), 'occurrence');
    expectFieldError(await deleteJob(team.owner, job, '?scope=following'), 'occurrence');
    expectFieldError(await deleteJob(team.owner, job, scopeQuery('this', march('03'))), 'occurrence');
    expectFieldError(await deleteJob(team.owner, job, scopeQuery('this', 'last tuesday')), 'occurrence');
    expectFieldError(await deleteJob(team.owner, job, '?scope=some'), 'querystring.scope');
    const single = await createJob(team.owner, { start: march('02'), end: march('02', '09') });
    const mid = await scheduleCounts(ctx.db);
    expectFieldError(await deleteJob(team.owner, single, scopeQuery('this', march('02'))), 'scope');
    expect(await scheduleCounts(ctx.db)).toEqual(mid);
    expect(mid.jobs).toBe(before.jobs + 1);
    expect((await getJob(team.owner, job.id)).version).toBe(1);
  });

  it('shows moved occurrences wherever they land, even from outside the range', async () => {
    const job = await createJob(team.owner, weekly());
    await patchJob(
      team.owner,
      job,
      { start: '2026-04-20T08:00:00Z', end: '2026-04-20T09:00:00Z' },
      scopeQuery('this', march('18')),
    );
    const april = (await events(team.owner, '2026-04-20', '2026-04-21')).filter(
      (e) => e.extendedProps.jobId === job.id,
    );
    expect(april.map((e: CalendarEvent) => [e.id, e.start])).toEqual([
      [`${job.id}:${Date.parse(march('18'))}`, '2026-04-20T08:00:00.000Z'],
    ]);
  });
});
