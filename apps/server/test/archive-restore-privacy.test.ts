import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ArchiveRestoreResult, Invitation, Member } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postArchive, unzip, zipOf } from './export-fixtures.js';
import { createTestApp, signUpOwner, type TestContext } from './harness.js';
import { expectProblem, ws } from './helpers.js';
import { createJob, createTeam, type Team } from './schedule-helpers.js';

// A restore says nothing about other people's accounts (docs/adr/0014, 0035): every member but the
// uploader becomes a pending invitation, listed alike whether or not their email has an account here;
// and restores are limited per person a minute and a day.
describe('restoring an archive tells nothing about accounts', () => {
  let ctx: TestContext;
  let team: Team;
  let storageDir: string;
  let archive: Buffer;

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-archive-privacy-'));
    ctx = await createTestApp({
      env: { STORAGE_DIR: storageDir },
      archive: { limits: { perMinute: 100, restoresPerDay: 3 } },
    });
    team = await createTeam(ctx.app);
    const download = await team.owner.client.get(ws(team.owner.workspaceId, '/archive'));
    expect(download.statusCode, download.body).toBe(200);
    archive = download.rawPayload;
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('invites every member with an account and every member without one alike, and joins nobody', async () => {
    // The archive's members: five with accounts here, plus guessed addresses that have none.
    const files = await unzip(archive);
    const lines = (files.get('members.jsonl')?.toString().trim().split('\n') ?? []).map((l) => JSON.parse(l));
    const guessed = ['nobody-1@example.test', 'nobody-2@example.test'];
    const extra = guessed.map((email, i) => ({ ...lines[1], id: `guess-${i}`, email, name: `Guess ${i}` }));
    files.set('members.jsonl', Buffer.from(`${[...lines, ...extra].map((m) => JSON.stringify(m)).join('\n')}\n`));
    const withAccounts = [team.owner, team.dispatcher, team.tech1, team.tech2, team.viewer].map((m) => m.email);

    // A viewer of the original workspace restores it: only their own line makes them a member.
    const restorer = team.viewer;
    const res = await postArchive(ctx.app, restorer, await zipOf(files));
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json() as ArchiveRestoreResult;
    expect(Object.keys(result).sort()).toEqual(['counts', 'invitations', 'workspace']);
    const invited = new Map(result.invitations.map((i) => [i.email, i]));
    expect([...invited.keys()].sort()).toEqual(
      [...withAccounts.filter((e) => e !== restorer.email), ...guessed].sort(),
    );
    // The same fields, of the same kinds, for an email with an account and one without.
    const shape = (i: ArchiveRestoreResult['invitations'][number]) =>
      Object.entries(i)
        .map(([k, v]) => `${k}:${typeof v}`)
        .sort();
    for (const i of result.invitations) {
      expect(shape(i)).toEqual(shape(result.invitations[0] as ArchiveRestoreResult['invitations'][number]));
      expect(i.url).toMatch(/\/invite\/[\w-]+$/);
    }
    expect(invited.get(team.tech1.email)).toMatchObject({ name: 'Tim Tech', role: 'technician' });
    expect(invited.get('nobody-1@example.test')).toMatchObject({ name: 'Guess 0' });

    // Nobody joined: the restorer is the only member; every invitation is pending.
    const at = (rest: string) => ws(result.workspace.id, rest);
    const members = (await restorer.client.get(at('/members'))).json() as Member[];
    expect(members.map((m) => [m.userId, m.role, m.active])).toEqual([[restorer.userId, 'owner', true]]);
    const pending = (await restorer.client.get(at('/invitations'))).json() as Invitation[];
    expect(pending.map((i) => [i.email, i.acceptedAt]).sort()).toEqual(
      [...invited.keys()].sort().map((email) => [email, null]),
    );
    expect((await team.tech1.client.get(at('/customers'))).statusCode).toBe(404);

    // The link works like any invitation: Tim, signed in, accepts it and joins.
    const token = invited.get(team.tech1.email)?.url.split('/invite/')[1];
    const accepted = await team.tech1.client.post(`/api/v1/invitations/${token}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await team.tech1.client.get(at('/customers'))).statusCode).toBe(200);
  });

  it('stores names from the archive on one line, as every other way in does', async () => {
    await createJob(team.owner, { title: 'Boiler' });
    const download = await team.owner.client.get(ws(team.owner.workspaceId, '/archive'));
    expect(download.statusCode, download.body).toBe(200);
    const files = await unzip(download.rawPayload);
    const edit = (file: string, change: (line: Record<string, unknown>, i: number) => Record<string, unknown>) => {
      const lines = (files.get(file)?.toString().trim().split('\n') ?? []).map((l) => JSON.parse(l));
      files.set(file, Buffer.from(`${lines.map((l, i) => JSON.stringify(change(l, i))).join('\n')}\n`));
    };
    edit('workspace.jsonl', (w) => ({ ...w, name: 'Evil\r\nBcc: evil@x.test' }));
    edit('members.jsonl', (m, i) => (i === 1 ? { ...m, name: 'Eve\r\nBcc: evil@x.test' } : m));
    edit('jobs.jsonl', (j, i) => (i === 0 ? { ...j, title: 'Boiler\nBcc: evil@x.test', address: 'A\u2028B' } : j));

    const res = await postArchive(ctx.app, team.owner, await zipOf(files));
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json() as ArchiveRestoreResult;
    expect(result.workspace.name).toBe('Evil Bcc: evil@x.test');
    expect(result.invitations.map((i) => i.name)).toContain('Eve Bcc: evil@x.test');
    const jobs = (
      (await team.owner.client.get(ws(result.workspace.id, '/jobs'))).json() as {
        items: { title: string; address: string }[];
      }
    ).items;
    expect(jobs.map((j) => j.title)).toContain('Boiler Bcc: evil@x.test');
    expect(jobs.map((j) => j.address)).toContain('A B');
  });

  it('refuses a restore past the day’s limit with 429 and Retry-After', async () => {
    const caller = await signUpOwner(ctx.app, 'Busy');
    const junk = Buffer.from('not a zip');
    // Refused archives count as well: the limit is on attempts.
    for (let i = 0; i < 3; i += 1) expectProblem(await postArchive(ctx.app, caller, junk), 400);
    const over = await postArchive(ctx.app, caller, archive);
    expectProblem(over, 429, 'rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(60);
    // Another person is not held back by it.
    const other = await signUpOwner(ctx.app, 'Other');
    expect((await postArchive(ctx.app, other, archive)).statusCode).toBe(201);
  });
});
