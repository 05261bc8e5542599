import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Photo } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOrigin, createTestApp, type TestContext } from './harness.js';
import { ws } from './helpers.js';
import { beginPhoto, headUpload, imageBytes, photoBody, sendChunk } from './photo-fixtures.js';
import { createJob, createTeam, type Team } from './schedule-helpers.js';

// A phone on a bad connection (docs/PRODUCT.md, "Work record"): a chunk cut off mid-way leaves nothing,
// HEAD says where to go on, and the photo ends up whole and once.

/**
 * Sends the head of a chunk over a real socket, announcing all of it, then drops the connection; resolves
 * when the server has closed its side too (it has given up on the request).
 */
function dropMidChunk(port: number, url: string, cookie: string, offset: number, whole: Buffer, sent: number) {
  return new Promise<void>((resolve) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: url,
      headers: {
        origin: appOrigin,
        cookie,
        'content-type': 'application/offset+octet-stream',
        'content-length': String(whole.length),
        'upload-offset': String(offset),
      },
    });
    request.on('error', () => {});
    request.on('close', () => resolve());
    request.write(whole.subarray(0, sent), () => {
      request.socket?.on('close', () => resolve());
      request.destroy();
    });
  });
}

describe('an interrupted photo upload', () => {
  let ctx: TestContext;
  let team: Team;
  let port: number;
  let storageDir: string;

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-photos-'));
    ctx = await createTestApp({ env: { STORAGE_DIR: storageDir } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
    team = await createTeam(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('resumes from the offset HEAD gives after a connection dropped mid-chunk, and after a lost answer', async () => {
    const job = await createJob(team.owner, {
      start: '2026-03-02T08:00:00Z',
      end: '2026-03-02T10:00:00Z',
      assigneeIds: [team.tech1.memberId],
    });
    const bytes = imageBytes(90_000, 'jpeg');
    const body = photoBody(bytes, { contentType: 'image/jpeg' });
    expect((await beginPhoto(team.tech1, job.id, body)).statusCode).toBe(201);
    expect((await sendChunk(ctx.app, team.tech1, body.id, 0, bytes.subarray(0, 30_000))).statusCode).toBe(204);

    // The second chunk is cut off after 10 000 of its 30 000 bytes.
    const cookie = [...team.tech1.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const url = ws(team.owner.workspaceId, `/photos/${body.id}/upload`);
    await dropMidChunk(port, url, cookie, 30_000, bytes.subarray(30_000, 60_000), 10_000);
    const afterDrop = await headUpload(ctx.app, team.tech1, body.id);
    expect(afterDrop.statusCode).toBe(204);
    expect(afterDrop.headers['upload-offset']).toBe('30000');

    // Sent again whole; this time its answer is lost on the way back: HEAD tells the phone it arrived.
    expect((await sendChunk(ctx.app, team.tech1, body.id, 30_000, bytes.subarray(30_000, 60_000))).statusCode).toBe(
      204,
    );
    const resumed = await headUpload(ctx.app, team.tech1, body.id);
    expect(resumed.headers['upload-offset']).toBe('60000');
    // A phone that resends the chunk anyway is told where the upload is instead of storing it twice.
    const twice = await sendChunk(ctx.app, team.tech1, body.id, 30_000, bytes.subarray(30_000, 60_000));
    expect(twice.statusCode).toBe(409);
    expect(twice.headers['upload-offset']).toBe('60000');

    const last = await sendChunk(ctx.app, team.tech1, body.id, 60_000, bytes.subarray(60_000));
    expect(last.statusCode, last.body).toBe(200);
    const photo = last.json<Photo>();
    expect((await team.owner.client.get(photo.url)).rawPayload.equals(bytes)).toBe(true);
    // The create replayed after all this answers the finished photo; there is one photo and no chunk left.
    expect((await beginPhoto(team.tech1, job.id, body)).json()).toMatchObject({ id: body.id, complete: true });
    const listed = await team.owner.client.get(ws(team.owner.workspaceId, `/jobs/${job.id}/photos`));
    expect(listed.json<Photo[]>().map((p) => p.id)).toEqual([body.id]);
    expect(await ctx.db.kysely.selectFrom('photo_upload_parts').selectAll().execute()).toEqual([]);
    const files = fs.readdirSync(storageDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.map((e) => e.name).sort()).toEqual(['file', 'thumb']);
  });
});
