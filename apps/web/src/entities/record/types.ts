import type { Checklist, Note, Photo, Signature } from '@fieldplan/shared';

export type { Photo };

/** A visit: a one-off job (occurrence null) or one occurrence of a recurring job. */
export interface VisitRef {
  workspaceId: string;
  jobId: string;
  /** The occurrence's original start (ISO, or YYYY-MM-DD when all-day); null for a one-off job. */
  occurrence: string | null;
}

/** GET …/jobs/:id/record. */
export interface VisitRecord {
  jobId: string;
  occurrence: string | null;
  notes: Note[];
  photos: Photo[];
  checklists: Checklist[];
  signature: Signature | null;
}

const encode = encodeURIComponent;

/** `/workspaces/:ws/jobs/:id` — the visit's job. */
export const jobBase = ({ workspaceId, jobId }: Pick<VisitRef, 'workspaceId' | 'jobId'>) =>
  `/workspaces/${encode(workspaceId)}/jobs/${encode(jobId)}`;

/** `?occurrence=…` for a recurring job's visit, nothing for a one-off job. */
export const visitQuery = ({ occurrence }: Pick<VisitRef, 'occurrence'>) =>
  occurrence ? `?occurrence=${encode(occurrence)}` : '';

/** The key one visit's items share in the outbox and in the record cache. */
export const visitKey = ({ jobId, occurrence }: Pick<VisitRef, 'jobId' | 'occurrence'>) =>
  `${jobId}|${occurrence ?? ''}`;

/** True when a change (note, photo, checklist, signature) belongs to this visit. */
export function sameVisit(a: Pick<VisitRef, 'jobId' | 'occurrence'>, b: Pick<VisitRef, 'jobId' | 'occurrence'>) {
  if (a.jobId !== b.jobId) return false;
  if (a.occurrence === null || b.occurrence === null) return a.occurrence === b.occurrence;
  // The server normalises the occurrence (ISO with milliseconds); compare instants, or dates as text.
  const ta = Date.parse(a.occurrence);
  const tb = Date.parse(b.occurrence);
  return a.occurrence.length === 10 || b.occurrence.length === 10 ? a.occurrence === b.occurrence : ta === tb;
}
