import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { ArchiveRestoreResult, Customer, JobPage, Member } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArea } from './areas-fixtures.js';
import { postArchive, unzip, zipOf } from './export-fixtures.js';
import { createTestApp, signUpOwner, type TestContext } from './harness.js';
import { countRows, expectProblem, ws } from './helpers.js';
import { imageBytes, uploadPhoto } from './photo-fixtures.js';
import {
  createCustomer,
  createJob,
  createTeam,
  deleteJob,
  ifMatch,
  patchJob,
  scopeQuery,
  type Team,
} from './schedule-helpers.js';
import { createTemplate, createVisitJob, pngDataUrl, postNote, put } from './work-record-fixtures.js';

// The whole-workspace archive (docs/adr/0035-export-and-workspace-archive.md): download, restore into
// a new workspace, and every way a bad archive is refused with nothing left behind.
describe('workspace archive', () => {
  let ctx: TestContext;
  let team: Team;
  let storageDir: string;
  let archive: Buffer;
  let photoBytes: Buffer;
  let jobId: string;

  const filesUnder = (dir: string): string[] =>
    fs.existsSync(dir)
      ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile())
      : [];

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-archive-'));
    ctx = await createTestApp({ env: { STORAGE_DIR: storageDir } });
    team = await createTeam(ctx.app);
    const customer = await createCustomer(team.owner, { name: 'Müller, "Sanitär"', notes: 'Gate 1234\nDog' });
    await createCustomer(team.owner, { name: 'Second customer', email: null, phone: null });
    const job = await createVisitJob(team.owner, team.tech1.memberId, {
      title: 'Boiler service',
      customerId: customer.id,
    });
    jobId = job.id;
    const template = await createTemplate(team.owner);
    expect((await postNote(team.tech1, job.id, { id: randomUUID(), body: 'Replaced the valve' })).statusCode).toBe(201);
    const answered = await put(team.tech1, `/jobs/${job.id}/checklists/${template.id}/answers`, {
      answers: { gas: true, reading: 12, state: 'good' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const signed = await put(team.tech1, `/jobs/${job.id}/signature`, {
      name: 'Anna',
      image: pngDataUrl,
      signedAt: '2026-03-02T08:55:00Z',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    // A series with one occurrence moved to another time and technician (an exception), and an area.
    const series = await createJob(team.owner, {
      title: 'Weekly filter',
      start: '2026-03-02T10:00:00Z',
      end: '2026-03-02T11:00:00Z',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6',
      assigneeIds: [team.tech1.memberId],
    });
    const moved = await patchJob(
      team.owner,
      series,
      { start: '2026-03-04T13:00:00Z', end: '2026-03-04T14:30:00Z', assigneeIds: [team.tech2.memberId] },
      scopeQuery('this', '2026-03-04T10:00:00.000Z'),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await createArea(team.owner);
    // A deleted customer and job are not in the archive (the counts below leave them out).
    const gone = await createCustomer(team.owner, { name: 'Deleted customer' });
    const goneRes = await team.owner.client.delete(
      ws(team.owner.workspaceId, `/customers/${gone.id}`),
      ifMatch(gone.version),
    );
    expect(goneRes.statusCode, goneRes.body).toBeLessThan(300);
    const goneJob = await createJob(team.owner, { title: 'Deleted job' });
    expect((await deleteJob(team.owner, goneJob)).statusCode).toBe(200);
    photoBytes = imageBytes(40_000, 'jpeg');
    await uploadPhoto(ctx.app, team.tech1, job.id, photoBytes);
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('downloads the workspace as a zip: manifest with format and counts, JSON lines, photo and signature bytes', async () => {
    const res = await team.owner.client.get(ws(team.owner.workspaceId, '/archive'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="fieldplan-.*\.zip"$/);
    archive = res.rawPayload;
    const files = await unzip(archive);
    const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '{}');
    expect(manifest).toMatchObject({
      format: 'fieldplan-workspace-archive',
      version: '1.0',
      workspace: { id: team.owner.workspaceId },
      counts: { customers: 2, jobs: 2, areas: 1, notes: 1, checklists: 1, signatures: 1, photos: 1, members: 5 },
    });
    const customers = files
      .get('customers.jsonl')
      ?.toString()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(customers?.map((c) => c.name).sort()).toEqual(['Müller, "Sanitär"', 'Second customer']);
    const [photo] =
      files
        .get('photos.jsonl')
        ?.toString()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)) ?? [];
    expect(files.get(`photos/${photo.id}`)?.equals(photoBytes)).toBe(true);
    expect([...files.keys()].some((k) => /^signatures\/.+\.png$/.test(k))).toBe(true);
  });

  it('restores into a NEW workspace owned by the uploader: same customers, jobs, notes, checklists, photo and signature bytes', async () => {
    const restored = await postArchive(ctx.app, team.owner, archive);
    expect(restored.statusCode, restored.body).toBe(201);
    const result = restored.json() as ArchiveRestoreResult;
    expect(result.workspace.id).not.toBe(team.owner.workspaceId);
    // Everyone else is invited (docs/adr/0035): tech1, tech2, the dispatcher and the viewer.
    expect(result.invitations.map((i) => i.email).sort()).toEqual(
      [team.dispatcher, team.tech1, team.tech2, team.viewer].map((m) => m.email).sort(),
    );
    const at = (rest: string) => ws(result.workspace.id, rest);
    const client = team.owner.client;

    const customers = (await client.get(at('/customers'))).json().items as Customer[];
    const before = (await client.get(ws(team.owner.workspaceId, '/customers'))).json().items as Customer[];
    const strip = ({ id: _id, ...rest }: Customer) => rest;
    expect(customers.map(strip)).toEqual(before.map(strip));
    expect(customers.every((c) => !before.some((b) => b.id === c.id))).toBe(true);

    const jobs = (await client.get(at('/jobs'))).json() as JobPage;
    const jobsBefore = (await client.get(ws(team.owner.workspaceId, '/jobs'))).json() as JobPage;
    // Everything but ids and the members they point at is the same (technicians are checked below).
    const comparable = (page: JobPage) =>
      page.items
        .map(({ id: _id, customerId: _c, assigneeIds: _a, exceptions, ...rest }) => ({
          ...rest,
          exceptions: exceptions.map(({ assigneeIds: _ids, ...e }) => e),
        }))
        .sort((a, b) => a.title.localeCompare(b.title));
    expect(comparable(jobs)).toEqual(comparable(jobsBefore));
    expect(jobs.items.find((j) => j.rrule)?.exceptions).toMatchObject([
      { kind: 'moved', start: '2026-03-04T13:00:00.000Z', end: '2026-03-04T14:30:00.000Z' },
    ]);
    expect((await client.get(at('/areas'))).json()).toHaveLength(1);
    const job = jobs.items.find((j) => j.title === 'Boiler service');
    expect(job).toMatchObject({
      title: 'Boiler service',
      customerName: 'Müller, "Sanitär"',
      start: '2026-03-02T08:00:00.000Z',
    });
    // Only the uploader is a member until an invitation is accepted; Tim's visit waits unassigned.
    const members = (await client.get(at('/members'))).json() as Member[];
    expect(members.map((m) => [m.userId, m.role, m.active])).toEqual([[team.owner.userId, 'owner', true]]);
    expect(job?.assigneeIds).toEqual([]);
    expect((await team.tech1.client.get(at('/customers'))).statusCode).toBe(404);

    const record = (await client.get(at(`/jobs/${job?.id}/record`))).json();
    expect(record.notes.map((n: { body: string }) => n.body)).toEqual(['Replaced the valve']);
    expect(record.checklists[0]).toMatchObject({
      name: 'Boiler safety',
      answers: { gas: true, reading: 12, state: 'good' },
    });
    const photos = (await client.get(at(`/jobs/${job?.id}/photos`))).json() as { id: string }[];
    expect(photos).toHaveLength(1);
    const file = await client.get(at(`/photos/${photos[0]?.id}/file`));
    expect(file.rawPayload.equals(photoBytes)).toBe(true);
    const signature = await client.get(at(`/jobs/${job?.id}/signature/image`));
    const original = await client.get(ws(team.owner.workspaceId, `/jobs/${jobId}/signature/image`));
    expect(signature.statusCode).toBe(200);
    expect(signature.rawPayload.equals(original.rawPayload)).toBe(true);
  });

  it('lets only the owner download the archive; another workspace is 404', async () => {
    for (const member of [team.dispatcher, team.tech1, team.viewer]) {
      expectProblem(await member.client.get(ws(team.owner.workspaceId, '/archive')), 403, 'forbidden');
    }
    const other = await signUpOwner(ctx.app, 'Other');
    expectProblem(await other.client.get(ws(team.owner.workspaceId, '/archive')), 404, 'not_found');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/workspace-archives',
      headers: { 'content-type': 'application/zip', origin: 'http://localhost:80' },
      payload: archive,
    });
    expect(anonymous.statusCode).toBe(401);
    const asJson = await other.client.post('/api/v1/workspace-archives', { not: 'a zip' });
    expectProblem(asJson, 415, 'unsupported_media_type');
  });

  describe('refuses a bad archive with a problem naming what is wrong, leaving nothing behind', () => {
    const withFile = async (name: string, text: string | Buffer) => {
      const files = await unzip(archive);
      files.set(name, typeof text === 'string' ? Buffer.from(text) : text);
      return zipOf(files);
    };
    const refused = async (bytes: Buffer, status: number) => {
      const counts = {
        workspaces: await countRows(ctx.db, 'workspaces'),
        customers: await countRows(ctx.db, 'customers'),
        photos: await countRows(ctx.db, 'photos'),
        files: filesUnder(storageDir).length,
      };
      // Restores are counted per person (3 a minute): each case signs in afresh.
      const caller = await signUpOwner(ctx.app, 'Refused');
      const res = await postArchive(ctx.app, caller, bytes);
      const problem = expectProblem(res, status);
      expect({
        workspaces: await countRows(ctx.db, 'workspaces'),
        customers: await countRows(ctx.db, 'customers'),
        photos: await countRows(ctx.db, 'photos'),
        files: filesUnder(storageDir).length,
      }).toEqual({ ...counts, workspaces: counts.workspaces + 1 });
      return problem;
    };

    it('an unknown major version', async () => {
      const files = await unzip(archive);
      const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '{}');
      const problem = await refused(
        await withFile('manifest.json', JSON.stringify({ ...manifest, version: '2.0' })),
        400,
      );
      expect(problem.errors?.[0]?.path).toBe('manifest.json version');
      expect(problem.detail).toContain('version 2.0 is not supported');
    });

    it('a corrupted line, named by file, line and field', async () => {
      const files = await unzip(archive);
      const lines = files.get('customers.jsonl')?.toString().trim().split('\n') ?? [];
      const second = JSON.parse(lines[1] ?? '{}');
      const bad = [lines[0], JSON.stringify({ ...second, email: 'not an email' })].join('\n');
      const problem = await refused(await withFile('customers.jsonl', bad), 400);
      expect(problem.errors?.[0]?.path).toBe('customers.jsonl:2 email');
      const notJson = await refused(await withFile('notes.jsonl', '{"id": '), 400);
      expect(notJson.errors?.[0]).toEqual({ path: 'notes.jsonl:1', message: 'The line is not JSON' });
    });

    it('a reference to something the archive does not hold', async () => {
      const files = await unzip(archive);
      const [first, ...rest] = files.get('jobs.jsonl')?.toString().trim().split('\n') ?? [];
      const job = JSON.parse(first ?? '{}');
      const bad = [JSON.stringify({ ...job, customerId: 'gone' }), ...rest].join('\n');
      const problem = await refused(await withFile('jobs.jsonl', bad), 400);
      expect(problem.errors?.[0]?.path).toBe('jobs.jsonl:1 customerId');
    });

    it('a zip bomb (an entry unpacking to far more than its size), a missing photo, and bytes that are no zip', async () => {
      const zeros = Buffer.alloc(30 * 1024 ** 2);
      expect(deflateRawSync(zeros).length).toBeLessThan(100_000);
      const bomb = await refused(await withFile(`photos/${randomUUID()}`, zeros), 413);
      expect(bomb.code).toBe('payload_too_large');
      const files = await unzip(archive);
      for (const name of [...files.keys()]) if (name.startsWith('photos/')) files.delete(name);
      const missing = await refused(await zipOf(files), 400);
      expect(missing.errors?.[0]?.message).toBe('The photo file is missing');
      const junk = await refused(Buffer.from('this is not a zip file at all'), 400);
      expect(junk.errors?.[0]).toEqual({ path: 'archive', message: 'This is not a readable zip file' });
    });
  });
});
