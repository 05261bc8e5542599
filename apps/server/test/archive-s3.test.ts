import fs from 'node:fs';
import type { ArchiveRestoreResult } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postArchive, unzip } from './export-fixtures.js';
import type { TestContext } from './harness.js';
import { ws } from './helpers.js';
import { imageBytes, uploadPhoto } from './photo-fixtures.js';
import { startS3App } from './s3-server.js';
import { createJob, type Team } from './schedule-helpers.js';

// The archive with photos in an S3-compatible bucket (docs/adr/0026, 0035): the download reads the
// bytes from the bucket, the restore writes them there under the new workspace — nothing on local disk.
describe('workspace archive with S3 storage', () => {
  let s3: Awaited<ReturnType<typeof startS3App>>;
  let ctx: TestContext;
  let team: Team;
  let localDir: string;
  const keysInBucket = () => s3.keysInBucket();

  beforeAll(async () => {
    s3 = await startS3App('fieldplan-archive');
    ({ ctx, team, localDir } = s3);
  });
  afterAll(async () => {
    await s3.close();
  });

  it('downloads the photo bytes from the bucket and restores them into it under the new workspace', async () => {
    const job = await createJob(team.owner, { start: '2026-03-02T08:00:00Z', end: '2026-03-02T10:00:00Z' });
    const bytes = imageBytes(300_000, 'png');
    await uploadPhoto(ctx.app, team.owner, job.id, bytes, { chunk: 100_000 });
    const archive = await team.owner.client.get(ws(team.owner.workspaceId, '/archive'));
    expect(archive.statusCode, archive.body).toBe(200);
    const files = await unzip(archive.rawPayload);
    expect([...files.values()].some((b) => b.equals(bytes))).toBe(true);

    const restored = await postArchive(ctx.app, team.owner, archive.rawPayload);
    expect(restored.statusCode, restored.body).toBe(201);
    const { workspace } = restored.json() as ArchiveRestoreResult;
    const keys = await keysInBucket();
    expect(keys.filter((k) => k.startsWith(`workspaces/${workspace.id}/photos/`))).toHaveLength(2);
    const jobs = (await team.owner.client.get(ws(workspace.id, '/jobs'))).json() as { items: { id: string }[] };
    const photos = (await team.owner.client.get(ws(workspace.id, `/jobs/${jobs.items[0]?.id}/photos`))).json() as {
      url: string;
    }[];
    const file = await team.owner.client.get(photos[0]?.url ?? '');
    expect(file.rawPayload.equals(bytes)).toBe(true);
    // No photo bytes went to the local disk (other areas may keep their own folders there).
    expect((fs.readdirSync(localDir, { recursive: true }) as string[]).filter((f) => f.includes('photos'))).toEqual([]);
  });
});
