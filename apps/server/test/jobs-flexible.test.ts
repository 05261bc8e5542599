import type { ChangeEvent, Job } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';
import { changesOf, expectFieldError, ws } from './helpers.js';
import { eventually, type WatchedTeam, watchedTeam } from './realtime-harness.js';
import {
  changeOf,
  createJob,
  createTeam,
  getJob,
  patchJob,
  scheduleCounts,
  scopeQuery,
  type Team,
  validJob,
} from './schedule-helpers.js';

// A job's flexible window ("optimise a day"): stored with the job, kept when the time moves
// inside it, checked on every write against the merged job, never on a series.

const visit = { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T10:00:00.000Z' };
const morning = { start: '2026-03-02T07:00:00.000Z', end: '2026-03-02T11:00:00.000Z' };

describe('jobs: flexible windows', () => {
  let ctx: TestContext;
  let team: Team;
  const url = (rest = '') => ws(team.owner.workspaceId, `/jobs${rest}`);
  const columns = (id: string) =>
    ctx.db.kysely
      .selectFrom('jobs')
      .select(['flex_start_at', 'flex_end_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
      .then((r) => [r.flex_start_at === null ? null : Number(r.flex_start_at), r.flex_end_at && Number(r.flex_end_at)]);

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
  });
  afterAll(() => ctx.close());

  it('creates a job with a window (stored as instants, answered as ISO), and without one by default', async () => {
    const job = await createJob(team.dispatcher, {
      ...visit,
      assigneeIds: [team.tech1.memberId],
      flexibleWindow: { start: '2026-03-02T08:00:00+01:00', end: '2026-03-02T12:00:00+01:00' },
    });
    expect(job.flexibleWindow).toEqual(morning);
    expect(await columns(job.id)).toEqual([Date.parse(morning.start), Date.parse(morning.end)]);
    expect(await getJob(team.owner, job.id)).toEqual(job);
    const plain = await createJob(team.dispatcher, visit);
    expect(plain.flexibleWindow).toBeNull();
    expect(await columns(plain.id)).toEqual([null, null]);
  });

  it('keeps the window when only the time moves inside it; sets, widens and clears it', async () => {
    const job = await createJob(team.dispatcher, { ...visit, flexibleWindow: morning });
    const moved = changeOf(
      await patchJob(team.dispatcher, job, { start: '2026-03-02T07:30:00Z', end: '2026-03-02T08:30:00Z' }),
    ).jobs[0] as Job;
    expect(moved).toMatchObject({ start: '2026-03-02T07:30:00.000Z', flexibleWindow: morning, version: 2 });
    const wide = { start: '2026-03-02T07:00:00.000Z', end: '2026-03-02T16:00:00.000Z' };
    const widened = changeOf(await patchJob(team.dispatcher, moved, { flexibleWindow: wide })).jobs[0] as Job;
    expect(widened).toMatchObject({ start: moved.start, flexibleWindow: wide, version: 3 });
    // Moving and widening together: the merged job is what is checked.
    const both = changeOf(
      await patchJob(team.dispatcher, widened, {
        start: '2026-03-02T14:00:00Z',
        end: '2026-03-02T15:00:00Z',
        flexibleWindow: { start: '2026-03-02T12:00:00Z', end: '2026-03-02T16:00:00Z' },
      }),
    ).jobs[0] as Job;
    expect(both.flexibleWindow).toEqual({ start: '2026-03-02T12:00:00.000Z', end: '2026-03-02T16:00:00.000Z' });
    const cleared = changeOf(await patchJob(team.dispatcher, both, { flexibleWindow: null })).jobs[0] as Job;
    expect(cleared.flexibleWindow).toBeNull();
    expect(await columns(job.id)).toEqual([null, null]);
    // A fixed job can then move anywhere again.
    const anywhere = await patchJob(team.dispatcher, cleared, {
      start: '2026-03-03T07:00:00Z',
      end: '2026-03-03T08:00:00Z',
    });
    expect(anywhere.statusCode, anywhere.body).toBe(200);
    // Other writes leave the window alone.
    const flexible = await createJob(team.dispatcher, { ...visit, flexibleWindow: morning });
    const renamed = changeOf(await patchJob(team.dispatcher, flexible, { title: 'Renamed' })).jobs[0] as Job;
    expect(renamed.flexibleWindow).toEqual(morning);
  });

  it('refuses a bad window on create, naming the field, and writes nothing', async () => {
    const before = await scheduleCounts(ctx.db);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...visit, flexibleWindow: { start: 'soon', end: morning.end } }, 'flexibleWindow.start', /date-time/],
      [{ ...visit, flexibleWindow: { start: morning.start, end: 'later' } }, 'flexibleWindow.end', /date-time/],
      [
        { ...visit, flexibleWindow: { start: morning.end, end: morning.start } },
        'flexibleWindow.end',
        /after flexible from/,
      ],
      [
        { ...visit, flexibleWindow: { start: '2026-03-01T09:00:00Z', end: '2026-03-02T09:30:00Z' } },
        'flexibleWindow.end',
        /24 hours/,
      ],
      [
        { ...visit, flexibleWindow: { start: '2026-03-02T09:30:00Z', end: '2026-03-02T12:00:00Z' } },
        'flexibleWindow',
        /inside its flexible window/,
      ],
      [{ flexibleWindow: morning }, 'flexibleWindow', /needs the job to have a start and an end/],
      [{ allDay: true, start: '2026-03-02', end: '2026-03-03', flexibleWindow: morning }, 'flexibleWindow', /all-day/],
      [{ ...visit, rrule: 'FREQ=DAILY;COUNT=3', flexibleWindow: morning }, 'flexibleWindow', /recurring/],
      [{ ...visit, flexibleWindow: 'mornings' }, 'flexibleWindow', /object with start and end/],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await team.dispatcher.client.post(url(), validJob(overrides));
      expect(expectFieldError(res, path), JSON.stringify(overrides)).toMatch(message);
    }
    expect(await scheduleCounts(ctx.db)).toEqual(before);
  });

  it('refuses a patch that leaves the visit outside its window, or the window on a job that cannot have one', async () => {
    const job = await createJob(team.dispatcher, { ...visit, flexibleWindow: morning });
    const before = await scheduleCounts(ctx.db);
    const refused: [Record<string, unknown>, string, RegExp][] = [
      [{ start: '2026-03-02T10:30:00Z', end: '2026-03-02T11:30:00Z' }, 'flexibleWindow', /inside its flexible window/],
      [{ start: '2026-03-02T10:30:00Z' }, 'flexibleWindow', /inside its flexible window/],
      [{ flexibleWindow: { start: '2026-03-02T09:30:00Z', end: morning.end } }, 'flexibleWindow', /inside/],
      [{ flexibleWindow: { start: morning.start, end: '2026-03-03T08:00:00Z' } }, 'flexibleWindow.end', /24 hours/],
      [{ rrule: 'FREQ=WEEKLY;COUNT=4' }, 'flexibleWindow', /recurring/],
      [{ allDay: true, start: '2026-03-02', end: '2026-03-03' }, 'flexibleWindow', /all-day/],
      [{ start: null, end: null }, 'flexibleWindow', /needs the job to have a start and an end/],
    ];
    for (const [patch, path, message] of refused) {
      expect(expectFieldError(await patchJob(team.dispatcher, job, patch), path), JSON.stringify(patch)).toMatch(
        message,
      );
    }
    expect(await scheduleCounts(ctx.db)).toEqual(before);
    expect(await getJob(team.owner, job.id)).toEqual(job);
    // Made recurring, or unscheduled, together with clearing the window: fine.
    const series = changeOf(
      await patchJob(team.dispatcher, job, { rrule: 'FREQ=WEEKLY;COUNT=4', flexibleWindow: null }),
    );
    expect(series.jobs[0]).toMatchObject({ rrule: 'FREQ=WEEKLY;COUNT=4', flexibleWindow: null });
  });

  it('a series never gets a window: not on one occurrence, not on a split, not on the whole', async () => {
    const series = await createJob(team.dispatcher, { ...visit, rrule: 'FREQ=DAILY;COUNT=5' });
    const before = await scheduleCounts(ctx.db);
    const third = '2026-03-04T09:00:00.000Z';
    const window = { start: '2026-03-04T08:00:00Z', end: '2026-03-04T12:00:00Z' };
    for (const query of ['', scopeQuery('all', third), scopeQuery('this', third), scopeQuery('following', third)]) {
      expect(
        expectFieldError(await patchJob(team.dispatcher, series, { flexibleWindow: window }, query), 'flexibleWindow'),
        query,
      ).toMatch(/recurring|Only the time/);
    }
    expect(await scheduleCounts(ctx.db)).toEqual(before);
    // Clearing a window a series doesn't have is no change; the split series has none either.
    const moved = changeOf(
      await patchJob(
        team.dispatcher,
        series,
        { start: '2026-03-04T11:00:00Z', end: '2026-03-04T12:00:00Z', flexibleWindow: null },
        scopeQuery('this', third),
      ),
    ).jobs[0] as Job;
    const split = changeOf(
      await patchJob(
        team.dispatcher,
        moved,
        { title: 'From Thursday', flexibleWindow: null },
        scopeQuery('following', '2026-03-05T09:00:00.000Z'),
      ),
    );
    expect(split.jobs).toHaveLength(2);
    for (const job of split.jobs) expect(job.flexibleWindow).toBeNull();
    for (const job of split.jobs) expect(await columns(job.id)).toEqual([null, null]);
  });

  it('the change log and /changes carry the window', async () => {
    const job = await createJob(team.dispatcher, { ...visit, flexibleWindow: morning });
    const seq = (await changesOf(ctx.db, team.owner.workspaceId)).at(-1)?.seq ?? 0;
    const res = await team.tech1.client.get(ws(team.owner.workspaceId, `/changes?after=${seq - 1}`));
    expect(res.statusCode, res.body).toBe(200);
    const { changes } = res.json() as { changes: ChangeEvent[] };
    expect(changes.find((c) => c.seq === seq)?.data).toEqual(job);
  });
});

describe('jobs: flexible windows travel on the workspace channel', () => {
  let watched: WatchedTeam;
  let team: Team;
  let seen: ChangeEvent[];

  beforeAll(async () => {
    watched = await watchedTeam();
    ({ team, seen } = watched);
  });
  afterAll(() => watched.close());

  it('a created, re-windowed and cleared job arrives with its window each time', async () => {
    // A change is published after its answer and carries the job as it is then, so each write waits
    // for its change: a next write committed first would be what the earlier change shows too
    // (docs/adr/0008-realtime-in-the-app.md, "A quick succession of writes").
    const job = await createJob(team.dispatcher, { ...visit, flexibleWindow: morning });
    const mine = () => seen.filter((e) => e.data.id === job.id);
    const arrived = (n: number) => eventually(() => mine().length === n, 5000, `job change ${n}`);
    await arrived(1);
    const wide = { start: '2026-03-02T06:00:00.000Z', end: '2026-03-02T16:00:00.000Z' };
    const widened = changeOf(await patchJob(team.dispatcher, job, { flexibleWindow: wide })).jobs[0] as Job;
    await arrived(2);
    const cleared = changeOf(await patchJob(team.dispatcher, widened, { flexibleWindow: null })).jobs[0] as Job;
    await arrived(3);
    expect(mine().map((e) => [e.action, (e.data as Job).flexibleWindow])).toEqual([
      ['created', morning],
      ['updated', wide],
      ['updated', null],
    ]);
    expect(mine()[2]?.data).toEqual(cleared);
  });
});
