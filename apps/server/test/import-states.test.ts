import { type Import, importLimits, importListSchema, importSchema, importStatuses } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { createTestApp, type TestContext } from './harness.js';
import { expectFieldError, ws } from './helpers.js';
import { runImport, uploaded } from './import-helpers.js';
import { createTeam, type Team } from './schedule-helpers.js';

// Whatever an import holds, the import screen still opens: every stored import, in every status and at
// the limits intake allows, answers its own schema in the list and alone (docs/PRODUCT.md, "Import").

const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\n'));

// Each import starts a worker thread (docs/adr/0036); from TypeScript sources on a busy machine that takes seconds.
describe('stored imports always serialise', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let team: Team;
  const path = (rest = '') => ws(team.owner.workspaceId, `/imports${rest}`);

  /** The list and each import alone answer 200 with bodies their schemas accept. */
  const shown = async () => {
    const list = await team.owner.client.get(path());
    expect(list.statusCode, list.body.slice(0, 500)).toBe(200);
    const items = importListSchema.parse(list.json()).items;
    for (const item of items) {
      const one = await team.owner.client.get(path(`/${item.id}`));
      expect(one.statusCode, one.body.slice(0, 500)).toBe(200);
      expect(importSchema.parse(one.json())).toEqual(item);
    }
    return items;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  let widest: Import;
  let refusing: Import;

  it(`keeps an upload of exactly ${importLimits.maxColumns} columns with long headers`, async () => {
    const headers = Array.from({ length: importLimits.maxColumns }, (_, i) =>
      i === 0 ? 'Name' : i === 1 ? 'Address' : `Column ${i} ${'ü'.repeat(2000)}`,
    );
    widest = await uploaded(ctx.app, team.owner, 'widest.csv', csv([headers, headers.map((_, i) => `v${i}`)]));
    expect(widest.headers).toHaveLength(importLimits.maxColumns);
    expect(widest.mapping.slice(0, 3)).toEqual(['name', 'address', null]);
    expect((await shown()).map((i) => i.id)).toEqual([widest.id]);
  });

  it(`keeps the first ${importLimits.refusalsKept} refusals of a file whose every row is refused, each with a long message`, async () => {
    const rows = Array.from({ length: importLimits.refusalsKept + 100 }, () => [
      'Anna',
      'Berlin',
      'x'.repeat(3000),
      '13',
    ]);
    const file = csv([['Name', 'Address', 'Latitude', 'Longitude'], ...rows]);
    refusing = await runImport(team.owner, await uploaded(ctx.app, team.owner, 'refused.csv', file), 'create');
    expect(refusing).toMatchObject({ status: 'done', refused: rows.length, created: 0 });
    expect(refusing.refusals).toHaveLength(importLimits.refusalsKept);
    expect(refusing.refusals[0]?.message).toMatch(/^Latitude "x{3000}" is not a number$/);
    expect(await shown()).toHaveLength(2);
  });

  it.each(importStatuses)('shows both in status %s', async (status) => {
    await ctx.db.kysely
      .updateTable('imports')
      .set({
        status,
        error: status === 'failed' ? `The file is gone: ${'x'.repeat(5000)}` : null,
        // Claimed by another process, so this one's sweep leaves it alone while the test looks.
        lease_owner: status === 'running' || status === 'geocoding' ? 'another-process' : null,
        lease_until: status === 'running' || status === 'geocoding' ? Date.now() + 3_600_000 : null,
      })
      .where('id', 'in', [widest.id, refusing.id])
      .execute();
    const items = await shown();
    expect(items.map((i) => i.status)).toEqual([status, status]);
  });

  it(`shows an upload stored wider than ${importLimits.maxColumns} columns (before intake refused it) as failed, and won't start it`, async () => {
    const stored = await ctx.db.kysely
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', widest.id)
      .executeTakeFirstOrThrow();
    const headers = Array.from({ length: 250 }, (_, i) => (i === 0 ? 'Name' : `Column ${i}`));
    const id = newId();
    await ctx.db.kysely
      .insertInto('imports')
      .values({
        ...stored,
        id,
        file_name: 'too-wide.csv',
        status: 'uploaded',
        error: null,
        lease_owner: null,
        lease_until: null,
        headers: JSON.stringify(headers),
        mapping: JSON.stringify(headers.map((_, i) => (i === 0 ? 'name' : null))),
        created_at: Date.now() + 1000,
      })
      .execute();
    const items = await shown();
    expect(items).toHaveLength(3);
    const wide = items.find((i) => i.id === id);
    const why = `too-wide.csv has 250 columns; an import reads at most ${importLimits.maxColumns}: remove the columns you don't need and upload it again`;
    expect(wide).toMatchObject({ status: 'failed', error: why, headers });
    expect(wide?.mapping).toHaveLength(importLimits.maxColumns);
    const mapping = wide?.mapping ?? [];
    const body = { mapping, duplicatePolicy: 'skip' };
    expect(expectFieldError(await team.owner.client.post(path(`/${id}/preview`), body), 'file')).toBe(why);
    expect(expectFieldError(await team.owner.client.post(path(`/${id}/start`), body), 'file')).toBe(why);
    expect(expectFieldError(await team.owner.client.post(path(`/${id}/resume`), {}), 'file')).toBe(why);
    expect((await shown()).find((i) => i.id === id)?.status).toBe('failed');
  });
});
