import type { ChangeEvent } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChange } from '../src/db/changes.js';
import { changesOf } from './helpers.js';
import { cookieOf, eventually, type LiveApp, type WatchedTeam, watchedTeam } from './realtime-harness.js';
import { createJob, type Team } from './schedule-helpers.js';

/**
 * A write whose client hangs up before the answer is still committed: every other open screen must
 * hear of it, though no answer is ever written (Fastify then runs no onResponse hook).
 */
describe('a write whose client has gone before the answer', () => {
  let watched: WatchedTeam;
  let live: LiveApp;
  let team: Team;
  let seen: ChangeEvent[];
  let entered: () => void = () => {};

  beforeAll(async () => {
    watched = await watchedTeam({
      // Waits until its client's connection has closed, then commits a change to the job it names.
      extraRoutes: (app) =>
        app.post<{ Params: { ws: string; job: string } }>('/test/after-hang-up/:ws/:job', async (request) => {
          const gone = new Promise((resolve) => request.raw.socket.once('close', resolve));
          entered();
          await gone;
          await live.db.kysely.transaction().execute((trx) =>
            recordChange(trx, {
              workspaceId: request.params.ws,
              entity: 'job',
              entityId: request.params.job,
              action: 'updated',
              actorId: null,
            }),
          );
          return { written: true };
        }),
    });
    ({ live, team, seen } = watched);
  });
  afterAll(() => watched.close());

  it('publishes the change it committed to the other members’ clients', async () => {
    const job = await createJob(team.dispatcher, { title: 'Changed while its writer hung up' });
    const workspaceId = team.owner.workspaceId;
    const before = (await changesOf(live.db, workspaceId)).at(-1)?.seq ?? 0;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const abort = new AbortController();
    const request = fetch(`${live.origin}/test/after-hang-up/${workspaceId}/${job.id}`, {
      method: 'POST',
      headers: { origin: live.origin, cookie: cookieOf(team.owner.client), 'content-type': 'application/json' },
      body: '{}',
      signal: abort.signal,
    }).catch((err: unknown) => err);
    await inHandler;
    abort.abort();
    expect(await request).toBeInstanceOf(Error);

    await eventually(async () => ((await changesOf(live.db, workspaceId)).at(-1)?.seq ?? 0) > before, 5000, 'commit');
    const seq = before + 1;
    await eventually(() => seen.some((e) => e.seq === seq), 5000, `change ${seq} on the tech's client`);
    expect(seen.find((e) => e.seq === seq)?.data).toMatchObject({
      id: job.id,
      title: 'Changed while its writer hung up',
    });
  });
});
