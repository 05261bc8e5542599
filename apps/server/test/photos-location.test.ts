import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Photo, VisitRecord, Workspace } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';
import { expectFieldError, ws } from './helpers.js';
import { beginPhoto, imageBytes, photoBody, uploadPhoto } from './photo-fixtures.js';
import { createJob, createTeam, type Team } from './schedule-helpers.js';

// docs/PRODUCT.md, "Work record": a photo's location is kept only when the workspace keeps photo locations.
describe('where a photo was taken', () => {
  let ctx: TestContext;
  let team: Team;
  let storageDir: string;
  let jobId: string;
  const at = { lat: 52.520008, lng: 13.404954 };

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-photo-place-'));
    ctx = await createTestApp({ env: { STORAGE_DIR: storageDir } });
    team = await createTeam(ctx.app);
    jobId = (
      await createJob(team.owner, {
        start: '2026-03-02T08:00:00Z',
        end: '2026-03-02T10:00:00Z',
        assigneeIds: [team.tech1.memberId],
      })
    ).id;
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const setKeep = (keepPhotoLocation: unknown) =>
    team.owner.client.patch(ws(team.owner.workspaceId), { keepPhotoLocation });

  it('is dropped by default: the workspace does not keep locations, and the photo shows null', async () => {
    const workspace = await team.owner.client.get(ws(team.owner.workspaceId));
    expect(workspace.json<Workspace>().keepPhotoLocation).toBe(false);
    const photo = await uploadPhoto(ctx.app, team.tech1, jobId, imageBytes(20_000, 'jpeg'), { body: at });
    expect(photo).toMatchObject({ lat: null, lng: null });
    const record = await team.owner.client.get(ws(team.owner.workspaceId, `/jobs/${jobId}/record`));
    expect(record.json<VisitRecord>().photos.find((p) => p.id === photo.id)).toMatchObject({ lat: null, lng: null });
  });

  it('is kept once the owner turns the setting on, and shown on the photo and the record', async () => {
    const turned = await setKeep(true);
    expect(turned.statusCode, turned.body).toBe(200);
    expect(turned.json<Workspace>().keepPhotoLocation).toBe(true);
    const photo = await uploadPhoto(ctx.app, team.tech1, jobId, imageBytes(20_000, 'jpeg'), { body: at });
    expect(photo).toMatchObject(at);
    const listed = await team.viewer.client.get(ws(team.owner.workspaceId, `/jobs/${jobId}/photos`));
    expect(listed.json<Photo[]>().find((p) => p.id === photo.id)).toMatchObject(at);
    // A photo without a position (or with half of one) has none.
    const bare = await uploadPhoto(ctx.app, team.tech1, jobId, imageBytes(20_000, 'jpeg'), { body: { lat: 1 } });
    expect(bare).toMatchObject({ lat: null, lng: null });
  });

  it('is not the office’s or a technician’s to switch, only the owner’s', async () => {
    for (const caller of [team.dispatcher, team.tech1]) {
      const res = await caller.client.patch(ws(team.owner.workspaceId), { keepPhotoLocation: false });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses a position off the globe or a setting that is not true/false, naming the field', async () => {
    for (const [field, value] of [
      ['lat', 90.5],
      ['lng', -181],
      ['lat', '52.5'],
    ] as const) {
      const res = await beginPhoto(team.tech1, jobId, photoBody(imageBytes(1000, 'jpeg'), { ...at, [field]: value }));
      expectFieldError(res, field);
    }
    expectFieldError(await setKeep('yes'), 'keepPhotoLocation');
  });
});
