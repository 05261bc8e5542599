import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';
import { expectFieldError, ws } from './helpers.js';
import { createJob, createTeam, events, patchJob, scheduleCounts, type Team } from './schedule-helpers.js';

/** Starts (UTC ISO) of a job's events in the range, in order. */
async function starts(team: Team, jobId: string, from = '2026-01-01', to = '2026-04-10') {
  const all = await events(team.owner, from, to);
  return all.filter((e) => e.extendedProps.jobId === jobId).map((e) => e.start);
}

describe('recurring jobs in the workspace time zone (Europe/Berlin)', () => {
  let ctx: TestContext;
  let team: Team;

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
  });
  afterAll(() => ctx.close());

  it('keeps a weekly 09:00 visit at 09:00 local across the March DST change', async () => {
    const job = await createJob(team.owner, {
      start: '2026-03-16T09:00:00+01:00',
      end: '2026-03-16T10:00:00+01:00',
      rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4',
      assigneeIds: [team.tech1.memberId],
    });
    expect(job.start).toBe('2026-03-16T08:00:00.000Z');
    expect(await starts(team, job.id)).toEqual([
      '2026-03-16T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
    ]);
  });

  it('keeps it at 09:00 local across the October change', async () => {
    const job = await createJob(team.owner, {
      start: '2026-10-14T07:00:00Z',
      end: '2026-10-14T08:30:00Z',
      rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=3',
      assigneeIds: [team.tech1.memberId],
    });
    const feed = (await events(team.owner, '2026-10-01', '2026-11-01')).filter((e) => e.extendedProps.jobId === job.id);
    expect(feed.map((e) => [e.start, e.end])).toEqual([
      ['2026-10-14T07:00:00.000Z', '2026-10-14T08:30:00.000Z'],
      ['2026-10-21T07:00:00.000Z', '2026-10-21T08:30:00.000Z'],
      ['2026-10-28T08:00:00.000Z', '2026-10-28T09:30:00.000Z'],
    ]);
    expect(feed.map((e) => e.id)).toEqual(feed.map((e) => `${job.id}:${Date.parse(e.start)}`));
    expect(feed.every((e) => e.extendedProps.recurring && e.extendedProps.occurrenceKey === e.start)).toBe(true);
  });

  it('expands monthly "2nd Tuesday" and all-day series', async () => {
    const monthly = await createJob(team.owner, {
      start: '2026-01-13T08:00:00Z',
      end: '2026-01-13T09:00:00Z',
      rrule: 'FREQ=MONTHLY;BYDAY=2TU;COUNT=3',
    });
    expect((await starts(team, monthly.id)).map((s) => s.slice(0, 10))).toEqual([
      '2026-01-13',
      '2026-02-10',
      '2026-03-10',
    ]);
    const allDay = await createJob(team.owner, {
      allDay: true,
      start: '2026-03-27',
      end: '2026-03-28',
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    const feed = (await events(team.owner, '2026-03-28', '2026-04-30')).filter(
      (e) => e.extendedProps.jobId === allDay.id,
    );
    expect(feed.map((e) => [e.start, e.end, e.allDay, e.extendedProps.occurrenceKey])).toEqual([
      ['2026-03-28', '2026-03-29', true, '2026-03-28'],
      ['2026-03-29', '2026-03-30', true, '2026-03-29'],
    ]);
  });

  it('refuses bad rules on the rrule field, naming the rule part at fault, and writes nothing', async () => {
    const before = await scheduleCounts(ctx.db);
    const slot = { start: '2026-03-02T08:00:00Z', end: '2026-03-02T09:00:00Z' };
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...slot, rrule: 'FREQ=WEEKLY;COUNT=10000' }, 'rrule.COUNT', /COUNT must be between 1 and 500/],
      [{ ...slot, rrule: 'FREQ=WEEKLY;UNTIL=20360302T000000Z' }, 'rrule.UNTIL', /at most 5 years/],
      [{ ...slot, rrule: 'every monday please' }, 'rrule', /KEY=VALUE/],
      [{ ...slot, rrule: 'FREQ=FORTNIGHTLY;COUNT=2' }, 'rrule.FREQ', /FREQ=DAILY, WEEKLY, MONTHLY or YEARLY/],
      [{ ...slot, rrule: 'FREQ=WEEKLY' }, 'rrule.COUNT', /must end/],
      [{ ...slot, rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3' }, 'start', /one of the occurrences/],
      [{ rrule: 'FREQ=WEEKLY;COUNT=3' }, 'rrule', /needs a start/],
    ];
    for (const [body, path, message] of cases) {
      const res = await team.owner.client.post(ws(team.owner.workspaceId, '/jobs'), {
        title: 'Series',
        address: 'Here',
        ...body,
      });
      expect(expectFieldError(res, path), JSON.stringify(body)).toMatch(message);
    }
    const job = await createJob(team.owner, { ...slot });
    const mid = await scheduleCounts(ctx.db);
    expectFieldError(await patchJob(team.owner, job, { rrule: 'FREQ=DAILY;COUNT=501' }), 'rrule.COUNT');
    expect(await scheduleCounts(ctx.db)).toEqual(mid);
    expect(mid.jobs).toBe(before.jobs + 1);
  });
});
