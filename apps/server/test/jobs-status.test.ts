import type { Job } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';
import { changesOf, expectFieldError, expectProblem, ws } from './helpers.js';
import { createJob, createTeam, getJob, scheduleCounts, setStatus, type Team } from './schedule-helpers.js';

const slot = { start: '2026-03-02T08:00:00Z', end: '2026-03-02T10:00:00Z' };

describe('job status (docs/PRODUCT.md, "States and transitions")', () => {
  let ctx: TestContext;
  let team: Team;

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
  });
  afterAll(() => ctx.close());

  /** Sets a status and returns the job, asserting 200. */
  async function move(caller: Parameters<typeof setStatus>[0], job: Job, status: string, occurrence?: string) {
    const res = await setStatus(caller, job, status, occurrence);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe(`"${job.version + 1}"`);
    return res.json() as Job;
  }

  it('lets a technician move their own job forward: en route → in progress → completed', async () => {
    let job = await createJob(team.owner, { ...slot, assigneeIds: [team.tech1.memberId] });
    for (const status of ['en_route', 'in_progress', 'completed'] as const) {
      job = await move(team.tech1, job, status);
      expect(job.status).toBe(status);
    }
    const log = (await changesOf(ctx.db, team.owner.workspaceId)).filter((c) => c.entity_id === job.id);
    expect(log.map((c) => c.action)).toEqual(['created', 'updated', 'updated', 'updated']);
  });

  it('refuses a technician someone else’s job (403), going backwards or cancelling (409)', async () => {
    const theirs = await createJob(team.owner, { ...slot, assigneeIds: [team.tech2.memberId] });
    const before = await scheduleCounts(ctx.db);
    expectProblem(await setStatus(team.tech1, theirs, 'completed'), 403, 'forbidden');
    expectProblem(await setStatus(team.tech1, theirs, 'en_route'), 403, 'forbidden');

    let mine = await createJob(team.owner, { ...slot, assigneeIds: [team.tech1.memberId] });
    mine = await move(team.tech1, mine, 'in_progress');
    const mid = await scheduleCounts(ctx.db);
    expect(expectProblem(await setStatus(team.tech1, mine, 'en_route'), 409, 'invalid_transition').detail).toMatch(
      /can't go back to en route/,
    );
    expectProblem(await setStatus(team.tech1, mine, 'scheduled'), 409, 'invalid_transition');
    expect(expectProblem(await setStatus(team.tech1, mine, 'cancelled'), 409, 'invalid_transition').detail).toMatch(
      /Only a dispatcher/,
    );
    expectProblem(await setStatus(team.tech1, mine, 'in_progress'), 409, 'invalid_transition');
    mine = await move(team.tech1, mine, 'completed');
    expectProblem(await setStatus(team.tech1, mine, 'scheduled'), 409, 'invalid_transition');
    expect((await scheduleCounts(ctx.db)).jobs).toBe(mid.jobs);
    expect((await getJob(team.owner, theirs.id)).status).toBe('scheduled');
    expect(before.jobs + 1).toBe(mid.jobs);
  });

  it('lets dispatchers and owners cancel, reopen and move any job, but not backwards', async () => {
    let job = await createJob(team.owner, { ...slot, assigneeIds: [team.tech2.memberId] });
    job = await move(team.dispatcher, job, 'in_progress');
    expect(expectProblem(await setStatus(team.dispatcher, job, 'en_route'), 409, 'invalid_transition').detail).toMatch(
      /can't go back/,
    );
    job = await move(team.dispatcher, job, 'cancelled');
    expectProblem(await setStatus(team.dispatcher, job, 'completed'), 409, 'invalid_transition');
    job = await move(team.owner, job, 'scheduled');
    job = await move(team.owner, job, 'completed');
    expect(expectProblem(await setStatus(team.owner, job, 'en_route'), 409, 'invalid_transition').detail).toBe(
      "A completed job can't go back to en route",
    );
    job = await move(team.dispatcher, job, 'scheduled');
    expect(job.status).toBe('scheduled');
  });

  it('needs a time and a technician before a job can be scheduled or worked on', async () => {
    const job = await createJob(team.owner, { title: 'No time yet' });
    expectProblem(await setStatus(team.owner, job, 'scheduled'), 409, 'invalid_transition');
    expectProblem(await setStatus(team.owner, job, 'en_route'), 409, 'invalid_transition');
    const cancelled = await move(team.owner, job, 'cancelled');
    expect(
      expectProblem(await setStatus(team.owner, cancelled, 'scheduled'), 409, 'invalid_transition').detail,
    ).toMatch(/needs a time/);
  });

  it('refuses viewers, stale versions, missing If-Match and unknown statuses', async () => {
    const job = await createJob(team.owner, { ...slot, assigneeIds: [team.tech1.memberId] });
    expectProblem(await setStatus(team.viewer, job, 'en_route'), 403, 'forbidden');
    expectProblem(await setStatus(team.tech1, { ...job, version: 7 }, 'en_route'), 412, 'version_conflict');
    const url = ws(team.owner.workspaceId, `/jobs/${job.id}/status`);
    expectFieldError(await team.tech1.client.post(url, { status: 'en_route' }), 'If-Match');
    expectFieldError(await setStatus(team.tech1, job, 'teleported'), 'status');
    expectFieldError(await setStatus(team.tech1, job, 'en_route', '2026-03-02T08:00:00Z'), 'occurrence');
    expect((await getJob(team.owner, job.id)).version).toBe(1);
  });

  it('sets the status of one occurrence of a recurring job', async () => {
    const series = await createJob(team.owner, {
      ...slot,
      rrule: 'FREQ=DAILY;COUNT=5',
      assigneeIds: [team.tech1.memberId],
    });
    expectFieldError(await setStatus(team.tech1, series, 'en_route'), 'occurrence');
    expectFieldError(await setStatus(team.tech1, series, 'en_route', '2026-03-02T09:00:00Z'), 'occurrence');
    expectProblem(await setStatus(team.tech2, series, 'en_route', '2026-03-03T08:00:00Z'), 403, 'forbidden');
    let job = await move(team.tech1, series, 'en_route', '2026-03-03T08:00:00Z');
    job = await move(team.tech1, job, 'completed', '2026-03-03T08:00:00Z');
    expect(job.status).toBe('scheduled');
    expect(job.exceptions).toEqual([
      {
        occurrence: '2026-03-03T08:00:00.000Z',
        kind: 'moved',
        start: null,
        end: null,
        assigneeIds: null,
        status: 'completed',
      },
    ]);
    expectProblem(await setStatus(team.tech1, job, 'in_progress', '2026-03-03T08:00:00Z'), 409, 'invalid_transition');
    // The dispatcher cancels the whole series.
    job = await move(team.dispatcher, job, 'cancelled');
    expect(job.status).toBe('cancelled');
  });
});
