import { type ChangeEvent, type ChangesPage, type Customer, type Job, realtimeLimits } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChange } from '../src/db/changes.js';
import { createTestApp, signUpOwner, type TestContext } from './harness.js';
import { changesOf, expectFieldError, expectProblem, ws } from './helpers.js';
import { createCustomer, createJob, createTeam, ifMatch, patchJob, type Team } from './schedule-helpers.js';

type Page = { changes: ChangeEvent[]; latestSeq: number };

/** `GET /api/v1/workspaces/:ws/changes?after=` — the catch-up after a reconnect or a seq gap. */
describe('the change log catch-up', () => {
  let ctx: TestContext;
  let team: Team;
  const get = (after: number | string, caller = team.owner) =>
    caller.client.get(ws(team.owner.workspaceId, `/changes?after=${after}`));
  const latest = async () => (await changesOf(ctx.db, team.owner.workspaceId)).at(-1)?.seq ?? 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
  });
  afterAll(() => ctx.close());

  it('returns exactly the changes after `after`, in order, with the entities as they are now', async () => {
    const from = await latest();
    const a = await createJob(team.dispatcher, { title: 'A' });
    const b = await createJob(team.dispatcher, { title: 'B' });
    const moved = (await patchJob(team.dispatcher, a, { title: 'A moved' })).json() as { jobs: Job[] };
    const res = await get(from);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json() as Page;
    expect(page.latestSeq).toBe(from + 3);
    expect(page.changes.map((c) => [c.seq, c.entity, c.action, c.data.id])).toEqual([
      [from + 1, 'job', 'created', a.id],
      [from + 2, 'job', 'created', b.id],
      [from + 3, 'job', 'updated', a.id],
    ]);
    // Both entries of job A carry its current state: applying them in order leaves a cache right.
    expect(page.changes[0]?.data).toEqual(moved.jobs[0]);
    expect(page.changes[2]?.data).toEqual(moved.jobs[0]);
    expect(page.changes[1]?.data).toEqual(b);
  });

  it('a deleted entity comes as {id}, also on its earlier entries', async () => {
    const from = await latest();
    const job = await createJob(team.dispatcher);
    const del = await team.dispatcher.client.delete(
      ws(team.owner.workspaceId, `/jobs/${job.id}`),
      ifMatch(job.version),
    );
    expect(del.statusCode, del.body).toBe(200);
    const page = (await get(from)).json() as Page;
    expect(page.changes).toEqual([
      { seq: from + 1, entity: 'job', action: 'created', data: { id: job.id } },
      { seq: from + 2, entity: 'job', action: 'deleted', data: { id: job.id } },
    ]);
  });

  it('leaves out changes of an entity kind this server does not know (a newer process may write them)', async () => {
    const from = await latest();
    const job = await createJob(team.dispatcher);
    await ctx.db.kysely.transaction().execute(async (trx) => {
      // `toString` is no entity either, though every object has it.
      for (const entity of ['invoice', 'toString']) {
        await recordChange(trx, {
          workspaceId: team.owner.workspaceId,
          entity,
          entityId: job.id,
          action: 'updated',
          actorId: null,
        });
      }
    });
    const page = (await get(from)).json() as Page;
    expect(page.latestSeq).toBe(from + 3);
    expect(page.changes).toEqual([{ seq: from + 1, entity: 'job', action: 'created', data: job }]);
  });

  it('answers an empty list when nothing was missed', async () => {
    const seq = await latest();
    expect((await get(seq)).json()).toEqual({ changes: [], latestSeq: seq });
  });

  it('presents customers for the caller: contacts for a dispatcher, none for a technician without a job there', async () => {
    const from = await latest();
    const customer: Customer = await createCustomer(team.dispatcher, { name: 'Contact Test' });
    const asDispatcher = (await get(from, team.dispatcher)).json() as Page;
    expect(asDispatcher.changes[0]?.data).toEqual(customer);
    const asTech = (await get(from, team.tech1)).json() as Page;
    expect(asTech.changes[0]?.data).not.toHaveProperty('email');
    await createJob(team.dispatcher, { customerId: customer.id, assigneeIds: [team.tech1.memberId] });
    const ownJob = (await get(from, team.tech1)).json() as Page;
    expect(ownJob.changes[0]?.data).toMatchObject({ email: customer.email, phone: customer.phone });
  });

  it('answers resync beyond 500 changes, for a first missed change older than 7 days, and for `after` beyond the log', async () => {
    const from = await latest();
    await ctx.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i <= realtimeLimits.catchUpMaxChanges; i += 1) {
        await recordChange(trx, {
          workspaceId: team.owner.workspaceId,
          entity: 'job',
          entityId: `bulk-${i}`,
          action: 'deleted',
          actorId: null,
        });
      }
    });
    const now = await latest();
    expect(now - from).toBe(501);
    expect((await get(from)).json()).toEqual({ resync: true, latestSeq: now });
    const justEnough = (await get(from + 1)).json() as Page;
    expect(justEnough.changes).toHaveLength(500);
    expect(justEnough.changes[0]?.seq).toBe(from + 2);
    expect((await get(now + 1)).json()).toEqual({ resync: true, latestSeq: now });

    const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
    await ctx.db.kysely
      .updateTable('changes')
      .set({ at: eightDaysAgo })
      .where('workspace_id', '=', team.owner.workspaceId)
      .where('seq', '=', now)
      .execute();
    expect((await get(now - 1)).json()).toEqual({ resync: true, latestSeq: now } satisfies ChangesPage);
  });

  it('validates `after`', async () => {
    expectFieldError(await get('-1'), 'querystring.after');
    expectFieldError(await get('abc'), 'querystring.after');
  });

  it('without `after` answers where the log is now (a new client’s baseline)', async () => {
    const res = await team.owner.client.get(ws(team.owner.workspaceId, '/changes'));
    expect(res.json()).toEqual({ changes: [], latestSeq: await latest() });
  });

  it('needs a session and a membership: 401 without, 404 for another workspace', async () => {
    expectProblem(await ctx.app.inject(ws(team.owner.workspaceId, '/changes?after=0')), 401, 'unauthenticated');
    const stranger = await signUpOwner(ctx.app, 'Stranger');
    expectProblem(await stranger.client.get(ws(team.owner.workspaceId, '/changes?after=0')), 404, 'not_found');
  });

  it('every role may catch up (schedule.read)', async () => {
    for (const caller of [team.owner, team.dispatcher, team.tech1, team.viewer]) {
      expect((await get(0, caller)).statusCode).toBe(200);
    }
  });
});
