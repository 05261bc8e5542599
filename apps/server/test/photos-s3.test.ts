import fs from 'node:fs';
import type { Photo } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './harness.js';
import { expectProblem, ws } from './helpers.js';
import { beginPhoto, headUpload, imageBytes, photoBody, sendChunk, uploadPhoto } from './photo-fixtures.js';
import { noRoomAnswers, startS3App } from './s3-server.js';
import { createJob, ifMatch, type Team } from './schedule-helpers.js';

// Photos kept in an S3-compatible bucket (S3_*; docs/adr/0026-photo-storage.md), against a local
// server speaking the S3 API: the same protocol, nothing on the local disk.

describe('photos in an S3-compatible bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3App>>;
  let ctx: TestContext;
  let team: Team;
  let localDir: string;
  const keysInBucket = () => s3.keysInBucket();

  beforeAll(async () => {
    s3 = await startS3App('fieldplan-photos');
    ({ ctx, team, localDir } = s3);
  });
  afterAll(async () => {
    await s3.close();
  });

  it('uploads in chunks into the bucket, serves the photo from it and deletes it there', async () => {
    const job = await createJob(team.owner, { start: '2026-03-02T08:00:00Z', end: '2026-03-02T10:00:00Z' });
    const bytes = imageBytes(250_000, 'png');
    const photo = await uploadPhoto(ctx.app, team.owner, job.id, bytes, { chunk: 64 * 1024 });
    const prefix = `workspaces/${team.owner.workspaceId}/photos/${photo.id}`;
    // The chunks were joined into one object and removed.
    expect(await keysInBucket()).toEqual([`${prefix}/file`, `${prefix}/thumb`]);
    const file = await team.viewer.client.get(photo.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect((await team.viewer.client.get(photo.thumbUrl)).statusCode).toBe(200);
    // Nothing went to the local disk.
    expect(fs.readdirSync(localDir, { recursive: true })).toEqual([]);

    const del = await team.owner.client.delete(
      ws(team.owner.workspaceId, `/photos/${photo.id}`),
      ifMatch(photo.version),
    );
    expect(del.statusCode).toBe(204);
    expect(await keysInBucket()).toEqual([]);
    expectProblem(await team.owner.client.get(photo.url), 404);
  });

  // A bucket with no room is an outage of the storage, as a full disk is (docs/DEPLOY.md): 507, and
  // the upload keeps exactly what the bucket took.
  it.each(Object.entries(noRoomAnswers))(
    'answers 507 storage_full when the store says it has no room (%s)',
    async (_, answer) => {
      const job = await createJob(team.owner, { start: '2026-03-04T08:00:00Z', end: '2026-03-04T10:00:00Z' });
      const bytes = imageBytes(120_000, 'png');
      const body = photoBody(bytes);
      s3.refuseWrites(answer);
      try {
        const refused = await beginPhoto(team.owner, job.id, body);
        expectProblem(refused, 507, 'storage_full');
        expect(refused.headers['retry-after']).toBe('60');
        s3.refuseWrites(null);
        expect((await beginPhoto(team.owner, job.id, body)).statusCode).toBe(201);
        expect((await sendChunk(ctx.app, team.owner, body.id, 0, bytes.subarray(0, 60_000))).statusCode).toBe(204);
        s3.refuseWrites(answer);
        expectProblem(
          await sendChunk(ctx.app, team.owner, body.id, 60_000, bytes.subarray(60_000)),
          507,
          'storage_full',
        );
        expect((await headUpload(ctx.app, team.owner, body.id)).headers['upload-offset']).toBe('60000');
      } finally {
        s3.refuseWrites(null);
      }
      const last = await sendChunk(ctx.app, team.owner, body.id, 60_000, bytes.subarray(60_000));
      expect(last.statusCode, last.body).toBe(200);
      const photo = last.json<Photo>();
      expect((await team.owner.client.get(photo.url)).rawPayload.equals(bytes)).toBe(true);
      await team.owner.client.delete(ws(team.owner.workspaceId, `/photos/${photo.id}`), ifMatch(photo.version));
      expect(await keysInBucket()).toEqual([]);
    },
  );

  it('discards an upload whose bytes are no image from the bucket too', async () => {
    const job = await createJob(team.owner, { start: '2026-03-03T08:00:00Z', end: '2026-03-03T10:00:00Z' });
    const html = Buffer.from(`<html><script>alert(1)</script>${' '.repeat(5_000)}</html>`);
    const body = photoBody(html);
    expect((await beginPhoto(team.owner, job.id, body)).statusCode).toBe(201);
    expect((await sendChunk(ctx.app, team.owner, body.id, 0, html.subarray(0, 2_000))).statusCode).toBe(204);
    expect((await keysInBucket()).length).toBe(2);
    expectProblem(await sendChunk(ctx.app, team.owner, body.id, 2_000, html.subarray(2_000)), 415);
    expect(await keysInBucket()).toEqual([]);
    const listed = await team.owner.client.get(ws(team.owner.workspaceId, `/jobs/${job.id}/photos`));
    expect(listed.json<Photo[]>()).toEqual([]);
  });
});
