import { threadId } from 'node:worker_threads';
import type { Customer, Import } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { ChunkGate } from '../src/modules/import/index.js';
import { chunkRowsFor } from '../src/modules/import/rows-phase.js';
import { Client, createTestApp, type TestContext, testDialect } from './harness.js';
import { ws } from './helpers.js';
import { type Caller, finished, uploaded } from './import-helpers.js';
import { createTeam, type Team } from './schedule-helpers.js';

// The rows phase runs in a worker thread with its own connection
// (docs/adr/0036-import-rows-off-the-event-loop.md). A gate holds each chunk inside its transaction —
// rows written, not committed — so the test sees, without timing anything, that the main thread
// answers requests meanwhile, that closing stops after that chunk, and that another process resumes.

const chunkRows = chunkRowsFor(testDialect);
const rows = chunkRows * 2 + 10;
const csv = () => {
  const lines = ['Name,E-mail,Street 1,City'];
  for (let n = 0; n < rows; n++) lines.push(`Kunde ${n},kunde${n}@example.test,Weg ${n},Berlin`);
  return Buffer.from(`${lines.join('\n')}\n`);
};

describe('the import’s rows phase in a worker thread', () => {
  let ctx: TestContext;
  let team: Team;
  let gate: ChunkGate;
  let gated: FastifyInstance;
  let second: FastifyInstance | undefined;
  let owner: Caller;
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), WEB_DIST: '' };

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
    gate = new ChunkGate();
    // The process whose import is held, on the same database.
    gated = await buildApp({ config, db: ctx.db, logger: false, imports: { chunkGate: gate } });
    await gated.ready();
    const client = new Client(gated);
    client.cookies = new Map(team.owner.client.cookies);
    owner = { client, workspaceId: team.owner.workspaceId };
  });
  afterAll(async () => {
    await second?.close();
    await ctx.close();
  });

  const countCustomers = async () =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('workspace_id', '=', owner.workspaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers requests while a chunk is written, stops after it on close, and is resumed by another process', async () => {
    const imp = await uploaded(gated, owner, 'many.csv', csv());
    const start = await owner.client.post(ws(owner.workspaceId, `/imports/${imp.id}/start`), {
      mapping: imp.mapping,
      duplicatePolicy: 'skip',
    });
    expect(start.statusCode, start.body).toBe(202);

    // Chunk 1 is written but not committed, by another thread than this one (the main thread).
    expect(await gate.reached(1)).not.toBe(threadId);
    const during = await owner.client.get(ws(owner.workspaceId, `/imports/${imp.id}`));
    expect(during.statusCode).toBe(200);
    expect(during.json<Import>()).toMatchObject({ status: 'running', processedRows: 0 });
    const list = await owner.client.get(ws(owner.workspaceId, '/customers?limit=10'));
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: Customer[] }>().items).toEqual([]);

    gate.release();
    await gate.reached(2);
    expect(await countCustomers()).toBe(chunkRows);
    // Closing while chunk 2 is held: that chunk commits, the third is not started.
    await gated.close();
    const stopped = await ctx.db.kysely
      .selectFrom('imports')
      .select(['status', 'processed_rows', 'lease_owner'])
      .where('id', '=', imp.id)
      .executeTakeFirstOrThrow();
    expect(stopped).toMatchObject({ status: 'running', processed_rows: 2 * chunkRows });
    expect(stopped.lease_owner).not.toBeNull();
    expect(await countCustomers()).toBe(2 * chunkRows);

    // As if the closed process's lease ran out: another process writes the rest, once.
    await ctx.db.kysely
      .updateTable('imports')
      .set({ lease_until: Date.now() - 1 })
      .where('id', '=', imp.id)
      .execute();
    second = await buildApp({ config, db: ctx.db, logger: false, imports: { sweepMs: 200 } });
    await second.ready();
    const done = await finished(team.owner, imp.id);
    expect(done).toMatchObject({ status: 'done', processedRows: rows, created: rows, skipped: 0, refused: 0 });
    expect(await countCustomers()).toBe(rows);
    // Two worker threads start here, each loading the import's code through tsx: seconds on a busy machine.
  }, 60_000);
});
