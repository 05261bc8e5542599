import { Readable } from 'node:stream';
import { type ArchiveFile, type ArchiveManifest, archiveFormat } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import type { Database } from '../../db/schema.js';
import type { ObjectStorage } from '../../storage/index.js';
import { version } from '../../version.js';
import { fileKey, thumbKey } from '../photos/index.js';
import { areaLines, customerLines, type DumpState, memberLines, templateLines, workspaceLine } from './dump.js';
import { photoRows, signatureImage, signatureRows } from './dump-files.js';
import { checklistLines, jobChecklistLines, jobLines, noteLines, statusTimeLines } from './dump-jobs.js';

/** One JSON object per line, counted into the manifest as it is written. */
function jsonLines(file: ArchiveFile, lines: AsyncIterable<unknown> | Iterable<unknown>, state: DumpState): Readable {
  async function* text() {
    let count = 0;
    let buffer = '';
    for await (const line of lines) {
      buffer += `${JSON.stringify(line)}\n`;
      count += 1;
      if (buffer.length > 64 * 1024) {
        yield buffer;
        buffer = '';
      }
    }
    if (buffer) yield buffer;
    state.counts[file] = count;
  }
  return Readable.from(text());
}

const lazy = (make: () => Promise<Readable>) => (cb: (error: unknown, stream: NodeJS.ReadableStream) => void) => {
  make().then(
    (stream) => cb(null, stream),
    (error: unknown) => cb(error, Readable.from([])),
  );
};

/**
 * The workspace as a zip, streamed (docs/adr/0035-export-and-workspace-archive.md): the JSON-lines
 * files in restore order, then the photos' and signatures' bytes, then `manifest.json` with the
 * counts. Each entry is opened only when the zip reaches it, so one row page or one photo is in
 * memory at a time. The photo and signature lists are read first: a line is written only for a file
 * that is in the zip.
 */
export async function archiveStream(
  db: Kysely<Database>,
  storage: ObjectStorage,
  workspaceId: string,
): Promise<Readable> {
  const state: DumpState = {
    members: new Map(),
    customers: new Set(),
    jobs: new Set(),
    templates: new Set(),
    counts: {},
  };
  const workspace = await workspaceLine(db, workspaceId);
  const [photos, signatures] = await Promise.all([photoRows(db, workspaceId), signatureRows(db, workspaceId)]);
  const zip = new yazl.ZipFile();
  const add = (file: ArchiveFile, lines: () => AsyncIterable<unknown> | Iterable<unknown>) =>
    zip.addReadStreamLazy(
      `${file}.jsonl`,
      lazy(async () => jsonLines(file, lines(), state)),
    );

  add('workspace', () => [workspace]);
  add('members', () => memberLines(db, workspaceId, state));
  add('customers', () => customerLines(db, workspaceId, state));
  add('areas', () => areaLines(db, workspaceId));
  add('checklist-templates', () => templateLines(db, workspaceId, state));
  add('jobs', () => jobLines(db, workspaceId, state));
  add('job-checklists', () => jobChecklistLines(db, workspaceId, state));
  add('notes', () => noteLines(db, workspaceId, state));
  add('checklists', () => checklistLines(db, workspaceId, state));
  add('signatures', () => signatures.filter((s) => state.jobs.has(s.jobId)));
  add('status-times', () => statusTimeLines(db, workspaceId, state));
  add('photos', () => photos.filter((p) => state.jobs.has(p.jobId)));
  for (const p of photos) {
    for (const [name, key] of [
      [`photos/${p.id}`, fileKey(workspaceId, p.id)],
      [`photos/${p.id}.thumb`, thumbKey(workspaceId, p.id)],
    ] as const) {
      // Already compressed images: stored, not deflated again.
      zip.addReadStreamLazy(
        name,
        { compress: false },
        lazy(async () => (await storage.get(key)) ?? Readable.from([])),
      );
    }
  }
  for (const s of signatures) {
    zip.addReadStreamLazy(
      `signatures/${s.id}.png`,
      { compress: false },
      lazy(async () => Readable.from([await signatureImage(db, s.id)])),
    );
  }
  zip.addReadStreamLazy(
    'manifest.json',
    lazy(async () => {
      const manifest: ArchiveManifest = {
        format: archiveFormat.name,
        version: `${archiveFormat.major}.${archiveFormat.minor}`,
        createdAt: new Date().toISOString(),
        app: `fieldplan ${version}`,
        workspace: { id: workspaceId, name: workspace.name },
        counts: state.counts,
      };
      return Readable.from([Buffer.from(JSON.stringify(manifest, null, 2))]);
    }),
  );
  zip.end();
  return zip.outputStream as Readable;
}
