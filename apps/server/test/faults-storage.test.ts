import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Photo, PhotoUpload } from '@fieldplan/shared';
import * as Sentry from '@sentry/node';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { createReporter, type Reporter } from '../src/monitoring/reporter.js';
import { watchFull } from '../src/storage/index.js';
import { createTestDb } from './harness.js';
import { expectProblem, type Res, type WorkspaceCaller, ws } from './helpers.js';
import { beginPhoto, headUpload, imageBytes, photoBody, sendChunk } from './photo-fixtures.js';
import { createTeam, type Team } from './schedule-helpers.js';
import { type SentryEnvelope, type SentryIngest, startSentryIngest } from './sentry-ingest.js';
import { filesUnder, makeSmallDisk, type SmallDisk } from './small-disk.js';
import { createVisitJob, getRecord, postNote } from './work-record-fixtures.js';

/**
 * The photo storage filling up under a running app (docs/DEPLOY.md, "When the file storage is full"):
 * a 2 MB file system of the test's own (a tmpfs where the machine permits, else a storage stand-in
 * failing with ENOSPC), on whichever database the suite runs. A full disk is an outage of the
 * storage: 507 `storage_full` with Retry-After, one report, everything else working, and nothing that
 * looks like a photo unless it is one.
 */
const isEvent = (e: SentryEnvelope) => e.items.some((i) => i.header.type === 'event');
const chunk = 50_000;

interface Upload {
  body: ReturnType<typeof photoBody>;
  bytes: Buffer;
}

/** Sends an upload's chunks from `from` until it is finished or the server answers something else. */
async function sendFrom(app: FastifyInstance, caller: WorkspaceCaller, upload: Upload, from: number): Promise<Res> {
  let offset = from;
  for (;;) {
    const res = await sendChunk(app, caller, upload.body.id, offset, upload.bytes.subarray(offset, offset + chunk));
    if (res.statusCode !== 204) return res;
    offset = Number(res.headers['upload-offset']);
  }
}

describe('the photo storage full', () => {
  let disk: SmallDisk;
  let db: Db;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let ingest: SentryIngest;
  let reporter: Reporter;
  let team: Team;
  let jobId: string;
  const logs: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    disk = makeSmallDisk(2 * 1024 * 1024);
    console.log(`[faults] the photo storage is a ${disk.kind} of 2 MB`);
    ({ db, cleanup } = await createTestDb());
    ingest = await startSentryIngest();
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', SENTRY_DSN: ingest.dsn, STORAGE_DIR: disk.dir }),
      WEB_DIST: '',
    };
    reporter = createReporter(config);
    app = await buildApp({
      config,
      db,
      reporter,
      signInPerMinute: 1000,
      feeds: { background: false },
      logStream: { write: (line) => logs.push(JSON.parse(line)) },
      // A tmpfs is the app's own STORAGE_DIR; the stand-in is handed in as the app's storage.
      ...(disk.storage && { archive: { storage: watchFull(disk.storage) } }),
    });
    await app.ready();
    team = await createTeam(app);
    jobId = (await createVisitJob(team.owner, team.tech1.memberId)).id;
  });
  afterAll(async () => {
    await app?.close();
    await cleanup?.();
    // The reporter initialised Sentry for the whole worker: the next test file must not report here.
    await Sentry.close(2_000);
    await ingest?.close();
    disk?.close();
  });

  const reports = async () => {
    await reporter.flush(5_000);
    return ingest.envelopes.filter(isEvent);
  };
  const storageFiles = () => filesUnder(disk.dir).filter((f) => f !== 'filler');
  const listed = async () =>
    (await team.owner.client.get(ws(team.owner.workspaceId, `/jobs/${jobId}/photos`))).json<Photo[]>().map((p) => p.id);

  /** What the web client does: HEAD, then the bytes from the offset, or no bytes to finish. */
  async function resume(upload: Upload): Promise<Photo> {
    const head = await headUpload(app, team.tech1, upload.body.id);
    if (head.statusCode === 404) {
      // Refused at its very start (no room for the thumbnail): begun again.
      expect((await beginPhoto(team.tech1, jobId, upload.body)).statusCode).toBe(201);
      return resume(upload);
    }
    expect(head.statusCode).toBe(204);
    const offset = Number(head.headers['upload-offset']);
    const last = await sendFrom(app, team.tech1, upload, offset);
    expect(last.statusCode, last.body).toBe(200);
    return last.json<Photo>();
  }

  /** Each unfinished upload's offset is what its stored parts hold, and nothing of it looks finished. */
  async function expectOffsetsTrue(uploads: Upload[]) {
    const files = storageFiles();
    expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
    for (const upload of uploads) {
      const head = await headUpload(app, team.tech1, upload.body.id);
      if (head.statusCode === 404) continue;
      if (head.headers['upload-complete'] === '?1') continue;
      const parts = await db.kysely
        .selectFrom('photo_upload_parts')
        .selectAll()
        .where('photo_id', '=', upload.body.id)
        .orderBy('start_byte')
        .execute();
      const kept = parts.reduce((n, p) => n + Number(p.length), 0);
      expect(head.headers['upload-offset']).toBe(String(kept));
      expect(head.headers['upload-complete']).toBe('?0');
      for (const part of parts) {
        const stored = fs.readFileSync(path.join(disk.dir, part.storage_key));
        const start = Number(part.start_byte);
        expect(stored.equals(upload.bytes.subarray(start, start + Number(part.length)))).toBe(true);
      }
      expect(files).not.toContain(`workspaces/${team.owner.workspaceId}/photos/${upload.body.id}/file`);
    }
  }

  it('answers uploads in flight 507 storage_full with Retry-After, reports once, saves a note meanwhile, and resumes byte-identical once there is room', async () => {
    const before = (await reports()).length;
    disk.fillTo(300_000);
    const uploads: Upload[] = [0, 1, 2, 3].map((i) => {
      const bytes = imageBytes(200_000 + i * 1_000, 'png');
      return { bytes, body: photoBody(bytes) };
    });
    const noteId = randomUUID();
    // Four phones send their photos at once while a fifth saves a note; the disk runs out under them.
    const [note, ...answers] = await Promise.all([
      postNote(team.tech1, jobId, { id: noteId, body: 'Pressure fine, photos to follow' }),
      ...uploads.map(async (upload) => {
        const begun = await beginPhoto(team.tech1, jobId, upload.body);
        if (begun.statusCode !== 201) return begun;
        return sendFrom(app, team.tech1, upload, 0);
      }),
    ]);
    expect(note?.statusCode, note?.body).toBe(201);
    expect((await getRecord(team.owner, jobId)).notes.map((n) => n.id)).toContain(noteId);

    const full = answers.filter((res) => res.statusCode === 507);
    expect(full.length).toBeGreaterThan(0);
    for (const res of answers) expect([200, 507]).toContain(res.statusCode);
    for (const res of full) {
      const problem = expectProblem(res, 507, 'storage_full');
      expect(res.headers['retry-after']).toBe('60');
      expect(problem.retryAfter).toBe(60);
    }
    // While it is full, another note still saves.
    expect((await postNote(team.tech1, jobId, { id: randomUUID(), body: 'Still full' })).statusCode).toBe(201);

    // One report for the outage, logged once as such and never as an unhandled error.
    const events = await reports();
    expect(events.length - before).toBe(1);
    expect(events.at(-1)?.raw).toContain('ENOSPC');
    expect(logs.filter((l) => l.msg === 'file storage full')).toHaveLength(1);
    expect(logs.filter((l) => l.msg === 'unhandled error')).toEqual([]);

    // Nothing half-written, nothing unfinished listed; each HEAD offset is exactly what is stored.
    await expectOffsetsTrue(uploads);
    const finished = answers.flatMap((res) => (res.statusCode === 200 ? [res.json<Photo>().id] : []));
    expect((await listed()).sort()).toEqual(finished.sort());

    // Room again: every upload resumes from its offset and ends byte-identical, once each.
    disk.freeUp();
    for (const upload of uploads) {
      const head = await headUpload(app, team.tech1, upload.body.id);
      const photo =
        head.headers['upload-complete'] === '?1'
          ? (await beginPhoto(team.tech1, jobId, upload.body)).json<Photo>()
          : await resume(upload);
      const file = await team.owner.client.get(photo.url);
      expect(file.rawPayload.equals(upload.bytes)).toBe(true);
    }
    expect((await listed()).sort()).toEqual(uploads.map((u) => u.body.id).sort());
    expect(await db.kysely.selectFrom('photo_upload_parts').selectAll().execute()).toEqual([]);
  });

  it('keeps an upload whose finishing step met the full disk unfinished (HEAD says so) until no bytes at its end finish it', async () => {
    disk.freeUp();
    const bytes = imageBytes(300_000, 'jpeg');
    const upload = { bytes, body: photoBody(bytes, { contentType: 'image/jpeg' }) };
    expect((await beginPhoto(team.tech1, jobId, upload.body)).statusCode).toBe(201);
    for (let offset = 0; offset < 250_000; offset += chunk) {
      const res = await sendChunk(app, team.tech1, upload.body.id, offset, bytes.subarray(offset, offset + chunk));
      expect(res.statusCode).toBe(204);
    }
    // Room for the last piece, not for joining the pieces into the photo.
    disk.fillTo(80_000);
    const last = await sendChunk(app, team.tech1, upload.body.id, 250_000, bytes.subarray(250_000));
    expectProblem(last, 507, 'storage_full');

    const head = await headUpload(app, team.tech1, upload.body.id);
    expect(head.headers['upload-offset']).toBe('300000');
    expect(head.headers['upload-complete']).toBe('?0');
    const replay = await beginPhoto(team.tech1, jobId, upload.body);
    expect(replay.json<PhotoUpload>()).toEqual({ id: upload.body.id, offset: 300_000, size: 300_000, complete: false });
    expect(await listed()).not.toContain(upload.body.id);
    expectProblem(await team.owner.client.get(ws(team.owner.workspaceId, `/photos/${upload.body.id}/file`)), 404);
    await expectOffsetsTrue([upload]);

    disk.freeUp();
    const finished = await sendChunk(app, team.tech1, upload.body.id, 300_000, Buffer.alloc(0));
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await team.owner.client.get(finished.json<Photo>().url)).rawPayload.equals(bytes)).toBe(true);
    expect((await headUpload(app, team.tech1, upload.body.id)).headers['upload-complete']).toBe('?1');
  });
});
