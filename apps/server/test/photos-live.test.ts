import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChangeEvent, Photo } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ws } from './helpers.js';
import { beginPhoto, imageBytes, photoBody, sendChunk } from './photo-fixtures.js';
import {
  collectChanges,
  connectPusher,
  createLiveApp,
  eventually,
  type LiveApp,
  subscribed,
} from './realtime-harness.js';
import { createJob, createTeam, ifMatch, type Team } from './schedule-helpers.js';

// A photo goes live once whole (docs/PRODUCT.md, "Work record"): the `photo` change reaches another
// member's pusher-js client from the embedded realtime server, then its caption edit and its delete.

describe('photo changes on the workspace channel', () => {
  let live: LiveApp;
  let team: Team;
  let viewer: Pusher;
  let seen: ChangeEvent[];
  let storageDir: string;

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-photos-'));
    live = await createLiveApp({ env: { STORAGE_DIR: storageDir } });
    team = await createTeam(live.app);
    viewer = connectPusher(live, team.viewer.client);
    seen = collectChanges(await subscribed(viewer, `private-workspace-${team.owner.workspaceId}`));
  });
  afterAll(async () => {
    viewer.disconnect();
    await live.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('is created when the last byte arrives, then updated and deleted, each with its visit', async () => {
    const job = await createJob(team.owner, {
      start: '2026-03-02T08:00:00Z',
      end: '2026-03-02T10:00:00Z',
      assigneeIds: [team.tech1.memberId],
    });
    const bytes = imageBytes(50_000, 'jpeg');
    const body = photoBody(bytes, { contentType: 'image/jpeg', caption: 'Meter' });
    expect((await beginPhoto(team.tech1, job.id, body)).statusCode).toBe(201);
    expect((await sendChunk(live.app, team.tech1, body.id, 0, bytes.subarray(0, 20_000))).statusCode).toBe(204);
    const done = await sendChunk(live.app, team.tech1, body.id, 20_000, bytes.subarray(20_000));
    const photo = done.json<Photo>();
    const path1 = ws(team.owner.workspaceId, `/photos/${photo.id}`);
    // A change carries the photo as it is when published, after the answer: each write waits for the
    // previous one's (docs/adr/0008-realtime-in-the-app.md, "A quick succession of writes").
    const ofPhoto = () => seen.filter((e) => e.entity === 'photo' && e.data.id === photo.id);
    await eventually(() => ofPhoto().length === 1, 5000, 'the photo');
    expect((await team.tech1.client.patch(path1, { caption: 'Gas meter' }, ifMatch(1))).statusCode).toBe(200);
    await eventually(() => ofPhoto().length === 2, 5000, 'the caption');
    expect((await team.tech1.client.delete(path1, ifMatch(2))).statusCode).toBe(204);
    await eventually(() => ofPhoto().length === 3, 5000, 'three photo changes');
    const [created, updated, deleted] = ofPhoto();
    expect(created).toMatchObject({ action: 'created', data: { ...photo, caption: 'Meter' } });
    expect(updated).toMatchObject({
      action: 'updated',
      data: { jobId: job.id, occurrence: null, caption: 'Gas meter', version: 2 },
    });
    expect(deleted).toMatchObject({ action: 'deleted', data: { id: photo.id } });
  });
});
