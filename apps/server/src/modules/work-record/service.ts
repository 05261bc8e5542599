import type { VisitRecord } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../http/workspace-access.js';
import { visitChecklists } from './checklists.js';
import { openVisit } from './context.js';
import { presentNote, presentSignature } from './presenter.js';
import { memberNames, notesOfVisit, signatureOfVisit } from './queries.js';
import { statusTimesOf } from './status-times.js';

/** What a visit's record shows of its photos (the photos module's, passed in where the routes are wired). */
export type VisitPhotos = (
  db: Kysely<Database>,
  workspaceId: string,
  jobId: string,
  occurrenceKey: number,
) => Promise<VisitRecord['photos']>;

/** `GET …/jobs/:id/record`: the visit's notes (oldest first), photos, checklists, signature and status times. */
export async function getVisitRecord(
  db: Kysely<Database>,
  actor: Actor,
  jobId: string,
  occurrence: string | undefined,
  photosOf: VisitPhotos,
): Promise<VisitRecord> {
  const visit = await openVisit(db, actor, jobId, occurrence);
  const [notes, checklists, signature, photos, statusTimes] = await Promise.all([
    notesOfVisit(db, visit.key),
    visitChecklists(db, visit.key, visit.ref, visit.title),
    signatureOfVisit(db, visit.key),
    photosOf(db, actor.workspaceId, jobId, visit.occurrenceKey),
    statusTimesOf(db, visit.key),
  ]);
  const names = await memberNames(db, actor.workspaceId, [
    ...notes.map((n) => n.author_id),
    ...(signature ? [signature.member_id] : []),
  ]);
  return {
    jobId,
    occurrence: visit.occurrence,
    notes: notes.map((n) => presentNote(n, visit.ref, names)),
    photos,
    checklists,
    signature: signature ? presentSignature(signature, visit.ref, names) : null,
    statusTimes,
  };
}
