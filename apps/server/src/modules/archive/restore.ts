import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ArchiveFile, type ArchiveRestoreResult, areaLimits } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { text } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';
import { newId } from '../../lib/ids.js';
import type { ObjectStorage } from '../../storage/index.js';
import { createInvitations } from '../invitations/index.js';
import { createWorkspaceWithOwner } from '../members/index.js';
import { fileKey, thumbKey } from '../photos/index.js';
import { insertAll } from './insert.js';
import { planMembers } from './members-map.js';
import { type ArchiveLimits, archiveError, type OpenArchive, openArchive, openEntry, readLines } from './read.js';
import { checkReferences, type Lines } from './references.js';

// Why an archive is not restored, in the caller's language (docs/adr/0035-export-and-workspace-archive.md).
const refusals = defineMessages({
  missing: { id: 'problems.archive.fileMissing' },
  tooLarge: { id: 'problems.archive.fileTooLarge' },
  tooManyAreas: { id: 'problems.archive.tooManyAreas' },
  photoMissing: { id: 'problems.archive.photoMissing' },
});

export interface Restorer {
  userId: string;
  email: string;
  /** Where invitation links point (the app's origin). */
  baseUrl: string;
}

async function readAll(archive: OpenArchive, limits: ArchiveLimits): Promise<Lines> {
  const one = <F extends ArchiveFile>(file: F) => readLines(archive, file, limits);
  return {
    workspace: await one('workspace'),
    members: await one('members'),
    customers: await one('customers'),
    areas: await one('areas'),
    'checklist-templates': await one('checklist-templates'),
    jobs: await one('jobs'),
    'job-checklists': await one('job-checklists'),
    notes: await one('notes'),
    checklists: await one('checklists'),
    signatures: await one('signatures'),
    'status-times': await one('status-times'),
    photos: await one('photos'),
  };
}

/** An entry's bytes whole (a signature PNG, ≤ 512 KB as the schema of a signature allows). */
async function entryBytes(archive: OpenArchive, name: string, max: number): Promise<Buffer> {
  const entry = archive.entries.get(name);
  if (!entry) throw archiveError(name, text(refusals.missing));
  if (entry.uncompressedSize > max) throw archiveError(name, text(refusals.tooLarge, { max: String(max) }));
  const chunks: Buffer[] = [];
  for await (const chunk of await openEntry(archive.zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Restores an archive into a NEW workspace owned by the uploader (docs/adr/0035). Everything is read
 * and checked first; then the photos' bytes go to the storage under the new workspace's keys; then
 * every row is written in one transaction. Any failure removes the stored bytes again, and the
 * rolled-back transaction leaves no row: a refused archive leaves nothing behind.
 */
export async function restoreArchive(
  db: Kysely<Database>,
  storage: ObjectStorage,
  zipPath: string,
  restorer: Restorer,
  limits: ArchiveLimits,
): Promise<ArchiveRestoreResult> {
  const archive = await openArchive(zipPath, limits);
  const stored: string[] = [];
  try {
    const lines = await readAll(archive, limits);
    checkReferences(lines, archive);
    if (lines.areas.length > areaLimits.perWorkspace)
      throw archiveError('areas.jsonl', text(refusals.tooManyAreas, { max: String(areaLimits.perWorkspace) }));
    const signatures = new Map<string, Buffer>();
    for (const s of lines.signatures)
      signatures.set(s.id, await entryBytes(archive, `signatures/${s.id}.png`, 512 * 1024));
    const workspaceId = newId();
    const photoIds = new Map(lines.photos.map((p) => [p.id, newId()] as const));
    for (const p of lines.photos) {
      const id = photoIds.get(p.id) as string;
      for (const [name, key] of [
        [`photos/${p.id}`, fileKey(workspaceId, id)],
        [`photos/${p.id}.thumb`, thumbKey(workspaceId, id)],
      ] as const) {
        const entry = archive.entries.get(name);
        if (!entry) throw archiveError(name, text(refusals.photoMissing));
        stored.push(key);
        const through = new PassThrough();
        await Promise.all([
          storage.put(key, through, entry.uncompressedSize),
          pipeline(await openEntry(archive.zip, entry), through),
        ]);
      }
    }
    return await db.transaction().execute(async (trx) => {
      const made = await createWorkspaceWithOwner(trx, {
        id: workspaceId,
        name: lines.workspace[0]?.name ?? 'Restored workspace',
        ownerUserId: restorer.userId,
      });
      const members = planMembers(lines.members, { email: restorer.email, memberId: made.memberId });
      const counts = await insertAll(
        trx,
        { workspaceId, ownerMemberId: made.memberId, ownerUserId: restorer.userId },
        lines,
        members,
        photoIds,
        signatures,
      );
      const invited = await createInvitations(
        trx,
        workspaceId,
        restorer.userId,
        members.invited.map((m) => ({ email: m.email, role: m.role })),
        restorer.baseUrl,
      );
      return {
        workspace: { id: workspaceId, slug: made.slug, name: lines.workspace[0]?.name ?? '' },
        counts,
        invitations: invited.map((invitation, i) => ({
          email: invitation.email,
          name: members.invited[i]?.name ?? '',
          role: invitation.role,
          url: invitation.url,
          expiresAt: invitation.expiresAt,
        })),
      };
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage.delete(key)));
    throw error;
  } finally {
    archive.zip.close();
  }
}
