import type { Customer, Import } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestApp, type TestContext } from './harness.js';
import { ws } from './helpers.js';
import { finished, fixture, uploaded } from './import-helpers.js';
import { createTeam, type Team } from './schedule-helpers.js';

// A stopped import resumes where it stopped (docs/adr/0034-import.md): a process that claimed it died
// after committing its first rows; another process on the same database finds its expired lease and
// writes the rest — not the rows already done.

// Each import starts a worker thread (docs/adr/0036); from TypeScript sources on a busy machine that takes seconds.
describe('resuming an import', { timeout: 60_000 }, () => {
  let ctx: TestContext;
  let team: Team;
  let second: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), WEB_DIST: '' };
    second = await buildApp({ config, db: ctx.db, logger: false, imports: { sweepMs: 200 } });
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('is continued by another process after the first one’s lease ran out', async () => {
    const imp = await uploaded(ctx.app, team.owner, 'jobber-clients.csv', fixture('jobber-clients.csv'));
    // As the dead process left it: started, its first two data rows counted as done, its lease expired.
    await ctx.db.kysely
      .updateTable('imports')
      .set({ status: 'running', processed_rows: 2, lease_owner: 'dead', lease_until: Date.now() - 1 })
      .where('id', '=', imp.id)
      .execute();
    await second.ready();
    const done: Import = await finished(team.owner, imp.id);
    expect(done).toMatchObject({ status: 'done', processedRows: 8, created: 3, skipped: 0, refused: 3 });
    const names = (await team.owner.client.get(ws(team.owner.workspaceId, '/customers?limit=100')))
      .json<{ items: Customer[] }>()
      .items.map((c) => c.name)
      .sort();
    // Anna and Carl were the dead process's rows (not written again); Frank's phone is nobody's now.
    expect(names).toEqual(['Erin Existing', 'Frank Ortiz', 'Gina Gone']);
  });
});
