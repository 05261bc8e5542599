import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChangeEvent, Photo, PhotoUpload } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../src/storage/index.js';
import { createTestApp, type TestContext } from './harness.js';
import { expectFieldError, expectProblem, ws } from './helpers.js';
import { beginPhoto, headUpload, hostileSvg, imageBytes, photoBody, sendChunk, uploadPhoto } from './photo-fixtures.js';
import { createJob, createTeam, ifMatch, type Team } from './schedule-helpers.js';

// Photos of a visit (docs/PRODUCT.md, "Work record"): the resumable upload, what is refused and
// why, how the bytes are served, captions and deletes.

const slot = { start: '2026-03-02T08:00:00Z', end: '2026-03-02T10:00:00Z' };
const maxBytes = 300_000;
const quota = 700_000;

/** Every file under `dir` (the local storage), as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((e) => (e.isFile() ? [path.relative(dir, path.join(e.parentPath, e.name))] : []));
}

describe('photos of a visit', () => {
  let ctx: TestContext;
  let team: Team;
  let storageDir: string;
  let jobId: string;

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-photos-'));
    ctx = await createTestApp({
      env: {
        STORAGE_DIR: storageDir,
        PHOTO_MAX_BYTES: String(maxBytes),
        WORKSPACE_STORAGE_QUOTA_BYTES: String(quota),
      },
    });
    team = await createTeam(ctx.app);
    jobId = (await createJob(team.owner, { ...slot, assigneeIds: [team.tech1.memberId] })).id;
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const filesOf = (id: string) => filesUnder(storageDir).filter((f) => f.includes(id));

  it('uploads a photo whole, lists it on the visit and serves it to members as the image its bytes are', async () => {
    const bytes = imageBytes(40_000, 'jpeg');
    const photo = await uploadPhoto(ctx.app, team.tech1, jobId, bytes, {
      body: { contentType: 'image/jpeg', caption: 'Boiler <b>before</b>' },
    });
    expect(photo).toMatchObject({
      jobId,
      occurrence: null,
      caption: 'Boiler <b>before</b>',
      contentType: 'image/jpeg',
      width: 640,
      height: 480,
      bytes: 40_000,
      uploadedBy: team.tech1.memberId,
      uploadedByName: 'Tim Tech',
      url: `/api/v1/workspaces/${team.owner.workspaceId}/photos/${photo.id}/file`,
      version: 1,
    });
    const listed = await team.viewer.client.get(ws(team.owner.workspaceId, `/jobs/${jobId}/photos`));
    expect(listed.json<Photo[]>().map((p) => p.id)).toContain(photo.id);

    const file = await team.viewer.client.get(photo.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="photo-${photo.id}.jpg"`,
      'content-length': '40000',
    });
    expect(file.headers['cache-control']).toMatch(/^private/);
    const thumb = await team.viewer.client.get(photo.thumbUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload[0]).toBe(0xff);
    // Only the joined file and the thumbnail are left: the parts went when the upload completed.
    expect(filesOf(photo.id).sort()).toEqual([
      `workspaces/${team.owner.workspaceId}/photos/${photo.id}/file`,
      `workspaces/${team.owner.workspaceId}/photos/${photo.id}/thumb`,
    ]);
  });

  it('takes a photo in chunks, answering each with the new offset, and refuses a chunk at the wrong offset (409 + offset)', async () => {
    const bytes = imageBytes(100_000, 'webp');
    const body = photoBody(bytes, { contentType: 'image/webp' });
    expect((await beginPhoto(team.tech1, jobId, body)).statusCode).toBe(201);
    const first = await sendChunk(ctx.app, team.tech1, body.id, 0, bytes.subarray(0, 30_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('30000');
    const skipped = await sendChunk(ctx.app, team.tech1, body.id, 60_000, bytes.subarray(60_000));
    expectProblem(skipped, 409, 'invalid_transition');
    expect(skipped.headers['upload-offset']).toBe('30000');
    const repeated = await sendChunk(ctx.app, team.tech1, body.id, 0, bytes.subarray(0, 30_000));
    expect(repeated.headers['upload-offset']).toBe('30000');
    // Not visible until the last byte.
    expectProblem(await team.owner.client.get(ws(team.owner.workspaceId, `/photos/${body.id}/file`)), 404);
    expect((await sendChunk(ctx.app, team.tech1, body.id, 30_000, bytes.subarray(30_000, 70_000))).statusCode).toBe(
      204,
    );
    const last = await sendChunk(ctx.app, team.tech1, body.id, 70_000, bytes.subarray(70_000));
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json<Photo>().contentType).toBe('image/webp');
    const file = await team.owner.client.get(last.json<Photo>().url);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    // Past the end: the photo is whole.
    const after = await sendChunk(ctx.app, team.tech1, body.id, 100_000, Buffer.from([1]));
    expect(after.headers['upload-offset']).toBe('100000');
  });

  it('answers a replayed create with the upload as it is, and once finished with the photo — never a second one', async () => {
    const bytes = imageBytes(20_000);
    const body = photoBody(bytes);
    expect((await beginPhoto(team.tech1, jobId, body)).statusCode).toBe(201);
    await sendChunk(ctx.app, team.tech1, body.id, 0, bytes.subarray(0, 5_000));
    const again = await beginPhoto(team.tech1, jobId, body);
    expect(again.statusCode).toBe(200);
    expect(again.json<PhotoUpload>()).toEqual({ id: body.id, offset: 5_000, size: 20_000, complete: false });
    expect((await sendChunk(ctx.app, team.tech1, body.id, 5_000, bytes.subarray(5_000))).statusCode).toBe(200);
    const finished = await beginPhoto(team.tech1, jobId, body);
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ id: body.id, complete: true, bytes: 20_000, version: 1 });
    const rows = await ctx.db.kysely.selectFrom('photos').select('id').where('id', '=', body.id).execute();
    expect(rows).toHaveLength(1);
    // The same id on another visit, or by another member, is not this upload.
    const otherJob = await createJob(team.owner, { ...slot, assigneeIds: [team.tech1.memberId] });
    expectFieldError(await beginPhoto(team.tech1, otherJob.id, body), 'id');
    expectFieldError(await beginPhoto(team.owner, jobId, body), 'id');
  });

  it('finishes an upload whose completion was cut short when the phone sends no bytes at the end offset', async () => {
    const bytes = imageBytes(30_000);
    const body = photoBody(bytes);
    expect((await beginPhoto(team.tech1, jobId, body)).statusCode).toBe(201);
    expect((await sendChunk(ctx.app, team.tech1, body.id, 0, bytes.subarray(0, 10_000))).statusCode).toBe(204);
    // The last piece was stored and counted, then the process stopped before joining the pieces.
    const key = `workspaces/${team.owner.workspaceId}/photos/${body.id}/parts/10000-cutshort`;
    await localStorage(storageDir).put(key, bytes.subarray(10_000), 20_000);
    await ctx.db.kysely
      .insertInto('photo_upload_parts')
      .values({
        workspace_id: team.owner.workspaceId,
        photo_id: body.id,
        start_byte: 10_000,
        length: 20_000,
        storage_key: key,
      })
      .execute();
    await ctx.db.kysely.updateTable('photos').set({ received: 30_000 }).where('id', '=', body.id).execute();
    expect((await headUpload(ctx.app, team.tech1, body.id)).headers['upload-offset']).toBe('30000');

    const finished = await sendChunk(ctx.app, team.tech1, body.id, 30_000, Buffer.alloc(0));
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await team.owner.client.get(finished.json<Photo>().url)).rawPayload.equals(bytes)).toBe(true);
    expect(filesOf(body.id).filter((f) => f.includes('/parts/'))).toEqual([]);
  });

  it('refuses bytes that are not a JPEG, PNG or WebP (415) and keeps nothing of them', async () => {
    const text = Buffer.from('%PDF-1.7 pretending to be a png '.repeat(100));
    const body = photoBody(text);
    expect((await beginPhoto(team.tech1, jobId, body)).statusCode).toBe(201);
    expect((await sendChunk(ctx.app, team.tech1, body.id, 0, text.subarray(0, 1_000))).statusCode).toBe(204);
    const res = await sendChunk(ctx.app, team.tech1, body.id, 1_000, text.subarray(1_000));
    expect(expectProblem(res, 415, 'unsupported_media_type').detail).toMatch(/not a JPEG, PNG or WebP/);
    expect((await headUpload(ctx.app, team.tech1, body.id)).statusCode).toBe(404);
    expect(await ctx.db.kysely.selectFrom('photos').select('id').where('id', '=', body.id).execute()).toEqual([]);
    expect(filesOf(body.id)).toEqual([]);
  });

  it('never stores an SVG: refused as a declared type, as the bytes of a "PNG", and as a thumbnail', async () => {
    expectFieldError(
      await beginPhoto(team.tech1, jobId, photoBody(hostileSvg, { contentType: 'image/svg+xml' })),
      'contentType',
    );

    const body = photoBody(hostileSvg);
    expect((await beginPhoto(team.tech1, jobId, body)).statusCode).toBe(201);
    expectProblem(await sendChunk(ctx.app, team.tech1, body.id, 0, hostileSvg), 415, 'unsupported_media_type');
    expect(filesOf(body.id)).toEqual([]);

    const svgThumb = photoBody(imageBytes(1_000), { thumbnail: hostileSvg.toString('base64') });
    expectProblem(await beginPhoto(team.tech1, jobId, svgThumb), 415, 'unsupported_media_type');
    expect(filesOf(svgThumb.id)).toEqual([]);
  });

  it('refuses a photo over PHOTO_MAX_BYTES (413 naming the limit) before taking any byte', async () => {
    const body = photoBody(imageBytes(1_000), { size: maxBytes + 1 });
    const res = await beginPhoto(team.tech1, jobId, body);
    const problem = expectProblem(res, 413, 'payload_too_large');
    expect(problem.detail).toMatch(/at most 0\.3 MB \(PHOTO_MAX_BYTES\)/);
    expect(problem.errors?.[0]?.path).toBe('size');
    expect((await headUpload(ctx.app, team.tech1, body.id)).statusCode).toBe(404);
    // A chunk beyond the declared size is refused too.
    const small = photoBody(imageBytes(1_000));
    await beginPhoto(team.tech1, jobId, small);
    expectProblem(await sendChunk(ctx.app, team.tech1, small.id, 0, imageBytes(2_000)), 413, 'payload_too_large');
  });

  it("refuses a photo past the workspace's storage quota (413 naming WORKSPACE_STORAGE_QUOTA_BYTES)", async () => {
    const fresh = await createTeam(ctx.app);
    const job = await createJob(fresh.owner, slot);
    await uploadPhoto(ctx.app, fresh.owner, job.id, imageBytes(290_000));
    // An upload under way holds its share too.
    expect((await beginPhoto(fresh.owner, job.id, photoBody(imageBytes(290_000)))).statusCode).toBe(201);
    const res = await beginPhoto(fresh.owner, job.id, photoBody(imageBytes(290_000)));
    expect(expectProblem(res, 413, 'payload_too_large').detail).toMatch(
      /storage quota of 0\.7 MB \(WORKSPACE_STORAGE_QUOTA_BYTES\)/,
    );
    // Other workspaces have their own.
    expect((await beginPhoto(team.tech1, jobId, photoBody(imageBytes(290_000)))).statusCode).toBe(201);
  });

  it('edits a caption at the version edited (412 when stale), deletes the photo and its files, and logs each change', async () => {
    const photo = await uploadPhoto(ctx.app, team.tech1, jobId, imageBytes(10_000));
    const path1 = ws(team.owner.workspaceId, `/photos/${photo.id}`);
    const edited = await team.dispatcher.client.patch(path1, { caption: 'After the repair' }, ifMatch(1));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Photo>()).toMatchObject({ caption: 'After the repair', version: 2 });
    expect(edited.headers.etag).toBe('"2"');
    const stale = await team.tech1.client.patch(path1, { caption: 'Mine' }, ifMatch(1));
    expect(expectProblem(stale, 412, 'version_conflict').current).toMatchObject({ caption: 'After the repair' });
    expectFieldError(await team.tech1.client.patch(path1, { caption: 'x'.repeat(501) }, ifMatch(2)), 'caption');
    expectProblem(await team.tech1.client.delete(path1, ifMatch(1)), 412, 'version_conflict');
    expect((await team.tech1.client.delete(path1, ifMatch(2))).statusCode).toBe(204);
    expectProblem(await team.owner.client.get(photo.url), 404);
    expect(filesOf(photo.id)).toEqual([]);

    const changes = await team.owner.client.get(ws(team.owner.workspaceId, '/changes?after=0'));
    const mine = changes.json<{ changes: ChangeEvent[] }>().changes.filter((c) => c.data.id === photo.id);
    expect(mine.map((c) => [c.entity, c.action])).toEqual([
      ['photo', 'created'],
      ['photo', 'updated'],
      ['photo', 'deleted'],
    ]);
  });

  it('addresses one occurrence of a recurring job, and names `occurrence` when it is wrong', async () => {
    const series = await createJob(team.owner, {
      ...slot,
      rrule: 'FREQ=WEEKLY;COUNT=4',
      assigneeIds: [team.tech1.memberId],
    });
    const query = '?occurrence=2026-03-09T08:00:00Z';
    const photo = await uploadPhoto(ctx.app, team.tech1, series.id, imageBytes(5_000), { query });
    expect(photo.occurrence).toBe('2026-03-09T08:00:00.000Z');
    const listed = await team.owner.client.get(ws(team.owner.workspaceId, `/jobs/${series.id}/photos${query}`));
    expect(listed.json<Photo[]>().map((p) => p.id)).toEqual([photo.id]);
    const other = await team.owner.client.get(
      ws(team.owner.workspaceId, `/jobs/${series.id}/photos?occurrence=2026-03-16T08:00:00Z`),
    );
    expect(other.json()).toEqual([]);
    expectFieldError(await beginPhoto(team.tech1, series.id, photoBody(imageBytes(100))), 'occurrence');
    expectFieldError(
      await beginPhoto(team.tech1, series.id, photoBody(imageBytes(100)), '?occurrence=2026-03-10T08:00:00Z'),
      'occurrence',
    );
    expectFieldError(await beginPhoto(team.tech1, jobId, photoBody(imageBytes(100)), query), 'occurrence');
  });
});
