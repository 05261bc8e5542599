import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { can, type Photo, type Role, roles } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestContext } from './harness.js';
import { expectProblem, type InvitedMember, listRoutes, memberOfEachRole, recordPath, ws } from './helpers.js';
import { beginPhoto, headUpload, imageBytes, photoBody, sendChunk, uploadPhoto } from './photo-fixtures.js';
import { createJob, createTeam, ifMatch, type Team } from './schedule-helpers.js';

// The role × route table and workspace isolation of photos (docs/PRODUCT.md, "Roles and permissions"):
// every member reads them; the office adds, captions and deletes on any visit, a technician on their
// own visits only; another workspace, a signed-out caller or a guessed id learns nothing.

const slot = { start: '2026-03-02T08:00:00Z', end: '2026-03-02T10:00:00Z' };

describe('photos: roles and workspaces', () => {
  let ctx: TestContext;
  let team: Team;
  let other: Team;
  let byRole: Record<Role, InvitedMember>;
  let storageDir: string;

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-photos-'));
    ctx = await createTestApp({ env: { STORAGE_DIR: storageDir } });
    team = await createTeam(ctx.app);
    other = await createTeam(ctx.app);
    byRole = await memberOfEachRole(ctx.app, team.owner);
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  /** A job assigned to `member` (or nobody) and a photo of it uploaded by the owner. */
  async function jobWithPhoto(assignee?: InvitedMember) {
    const job = await createJob(team.owner, { ...slot, assigneeIds: assignee ? [assignee.memberId] : [] });
    const photo = await uploadPhoto(ctx.app, team.owner, job.id, imageBytes(2_000));
    return { job, photo };
  }

  it('the table covers every photo route the app registers', () => {
    const registered = listRoutes(ctx.app)
      .filter((r) => recordPath.test(r.url) && r.url.includes('/photos'))
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws', '')}`)
      .sort();
    expect(registered).toEqual([
      'DELETE /photos/:photoId',
      'GET /jobs/:id/photos',
      'GET /photos/:photoId/file',
      'GET /photos/:photoId/thumb',
      'PATCH /photos/:photoId',
      'PATCH /photos/:photoId/upload',
      'POST /jobs/:id/photos',
    ]);
  });

  it.each(roles)('as %s: reads every visit’s photos; adds, captions and deletes per record.write', async (role) => {
    const member = byRole[role];
    // Only technicians are assigned; the office's "own" visit is one with nobody on it.
    const own = await jobWithPhoto(role === 'technician' ? member : undefined);
    const theirs = await jobWithPhoto(team.tech2);
    for (const { job, photo } of [own, theirs]) {
      const list = await member.client.get(ws(team.owner.workspaceId, `/jobs/${job.id}/photos`));
      expect(list.json<Photo[]>().map((p) => p.id)).toEqual([photo.id]);
      expect((await member.client.get(photo.url)).statusCode).toBe(200);
      expect((await member.client.get(photo.thumbUrl)).statusCode).toBe(200);
    }
    const mayOwn = can(role, 'record.write.own');
    const mayAny = can(role, 'record.write.any');
    const begin = (jobId: string) => beginPhoto(member, jobId, photoBody(imageBytes(1_000)));
    const caption = (photo: Photo) =>
      member.client.patch(ws(team.owner.workspaceId, `/photos/${photo.id}`), { caption: role }, ifMatch(1));
    const remove = (photo: Photo, version: number) =>
      member.client.delete(ws(team.owner.workspaceId, `/photos/${photo.id}`), ifMatch(version));

    expect((await begin(own.job.id)).statusCode).toBe(mayOwn ? 201 : 403);
    expect((await caption(own.photo)).statusCode).toBe(mayOwn ? 200 : 403);
    expect((await remove(own.photo, 2)).statusCode).toBe(mayOwn ? 204 : 403);
    const other403 = (res: Awaited<ReturnType<typeof begin>>) =>
      mayAny ? expect(res.statusCode, res.body).toBeLessThan(300) : expectProblem(res, 403, 'forbidden');
    other403(await begin(theirs.job.id));
    other403(await caption(theirs.photo));
    other403(await remove(theirs.photo, 2));
  });

  it('lets only the member who began an upload send or read its bytes', async () => {
    const job = await createJob(team.owner, { ...slot, assigneeIds: [team.tech1.memberId, team.tech2.memberId] });
    const bytes = imageBytes(4_000);
    const body = photoBody(bytes);
    expect((await beginPhoto(team.tech1, job.id, body)).statusCode).toBe(201);
    expectProblem(await sendChunk(ctx.app, team.tech2, body.id, 0, bytes), 403, 'forbidden');
    expectProblem(await sendChunk(ctx.app, team.owner, body.id, 0, bytes), 403, 'forbidden');
    expect((await headUpload(ctx.app, team.tech2, body.id)).statusCode).toBe(403);
    expect((await headUpload(ctx.app, team.tech1, body.id)).headers['upload-offset']).toBe('0');
  });

  it("answers 404 for another workspace's photos and jobs, and for a guessed id", async () => {
    const { job, photo } = await jobWithPhoto();
    const theirJob = await createJob(other.owner, slot);
    const theirPhoto = await uploadPhoto(ctx.app, other.owner, theirJob.id, imageBytes(2_000));
    const stranger = other.owner;
    // Their member on our workspace: not a member, 404 whatever the route.
    expectProblem(await stranger.client.get(photo.url), 404, 'not_found');
    expectProblem(await stranger.client.get(photo.thumbUrl), 404, 'not_found');
    expectProblem(await stranger.client.get(ws(team.owner.workspaceId, `/jobs/${job.id}/photos`)), 404);
    // Our member asking for their ids inside our workspace.
    const ours = team.owner;
    for (const url of [`/photos/${theirPhoto.id}/file`, `/photos/${theirPhoto.id}/thumb`]) {
      const res = await ours.client.get(ws(team.owner.workspaceId, url));
      expect(JSON.stringify(expectProblem(res, 404, 'not_found'))).not.toContain(other.owner.workspaceId);
    }
    expectProblem(await ours.client.get(ws(team.owner.workspaceId, `/jobs/${theirJob.id}/photos`)), 404);
    expectProblem(await beginPhoto(ours, theirJob.id, photoBody(imageBytes(1_000))), 404);
    expectProblem(
      await ours.client.patch(ws(team.owner.workspaceId, `/photos/${theirPhoto.id}`), { caption: 'x' }, ifMatch(1)),
      404,
    );
    expectProblem(await ours.client.delete(ws(team.owner.workspaceId, `/photos/${theirPhoto.id}`), ifMatch(1)), 404);
    expectProblem(await sendChunk(ctx.app, ours, theirPhoto.id, 0, imageBytes(10)), 404);
    // A guessed id is just another unknown id.
    const guess = randomUUID();
    expectProblem(await ours.client.get(ws(team.owner.workspaceId, `/photos/${guess}/file`)), 404);
    expect((await headUpload(ctx.app, ours, guess)).statusCode).toBe(404);
    // Their own photo still reads for them.
    expect((await stranger.client.get(theirPhoto.url)).statusCode).toBe(200);
  });

  it('answers 401 to a signed-out request, with no bytes', async () => {
    const { photo } = await jobWithPhoto();
    const anonymous = new Client(ctx.app);
    for (const url of [photo.url, photo.thumbUrl]) {
      const res = await anonymous.get(url);
      expectProblem(res, 401, 'unauthenticated');
      expect(res.headers['content-type']).not.toMatch(/^image/);
    }
    const body = photoBody(imageBytes(1_000));
    expectProblem(await beginPhoto({ client: anonymous, workspaceId: team.owner.workspaceId }, photo.jobId, body), 401);
    const signedOut = { client: anonymous, workspaceId: team.owner.workspaceId };
    expectProblem(await sendChunk(ctx.app, signedOut, photo.id, 0, imageBytes(10)), 401);
    expect((await headUpload(ctx.app, signedOut, photo.id)).statusCode).toBe(401);
  });
});
