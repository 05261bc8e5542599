import type {
  AnsweredChecklist,
  Checklist,
  ChecklistAnswer,
  ChecklistItem,
  ChecklistTemplate,
  Note,
  Signature,
  SignatureRule,
} from '@fieldplan/shared';
import type { Selectable } from 'kysely';
import type {
  ChecklistTemplatesTable,
  VisitChecklistsTable,
  VisitNotesTable,
  VisitSignaturesTable,
} from '../../db/schema.js';
import { iso } from '../../lib/ids.js';

export type NoteRow = Selectable<VisitNotesTable>;
export type TemplateRow = Selectable<ChecklistTemplatesTable>;
export type ChecklistRow = Selectable<VisitChecklistsTable>;
/** A signature's row without its image (the image is read only by the route that serves it). */
export type SignatureRow = Omit<Selectable<VisitSignaturesTable>, 'image'>;

/** The visit an entity belongs to, as JSON shows it. */
export interface VisitRef {
  workspaceId: string;
  jobId: string;
  occurrence: string | null;
}

/** Member id → name, for the names a record shows (author, technician). */
export type Names = ReadonlyMap<string, string>;

export function presentNote(row: NoteRow, visit: VisitRef, names: Names): Note {
  return {
    id: row.id,
    jobId: row.job_id,
    occurrence: visit.occurrence,
    authorId: row.author_id,
    authorName: names.get(row.author_id) ?? '',
    body: row.body,
    createdAt: iso(Number(row.created_at)),
    updatedAt: iso(Number(row.updated_at)),
    version: Number(row.version),
  };
}

export const parseItems = (json: string): ChecklistItem[] => JSON.parse(json) as ChecklistItem[];
const parseAnswers = (json: string): Record<string, ChecklistAnswer> =>
  JSON.parse(json) as Record<string, ChecklistAnswer>;

export function presentTemplate(row: TemplateRow): ChecklistTemplate {
  return {
    id: row.id,
    name: row.name,
    titlePattern: row.title_pattern,
    items: parseItems(row.items),
    signature: row.signature as SignatureRule,
    version: Number(row.version),
    createdAt: iso(Number(row.created_at)),
    updatedAt: iso(Number(row.updated_at)),
  };
}

export function presentChecklist(row: ChecklistRow, visit: VisitRef): AnsweredChecklist {
  return {
    id: row.id,
    jobId: row.job_id,
    occurrence: visit.occurrence,
    templateId: row.template_id,
    name: row.name,
    items: parseItems(row.items),
    answers: parseAnswers(row.answers),
    signature: row.signature as SignatureRule,
    version: Number(row.version),
    updatedAt: iso(Number(row.updated_at)),
    updatedBy: row.updated_by,
  };
}

/** A template attached to the visit that nobody has answered yet. */
export function unansweredChecklist(template: TemplateRow, visit: VisitRef): Checklist {
  return {
    id: null,
    jobId: visit.jobId,
    occurrence: visit.occurrence,
    templateId: template.id,
    name: template.name,
    items: parseItems(template.items),
    answers: {},
    signature: template.signature as SignatureRule,
    version: 0,
    updatedAt: null,
    updatedBy: null,
  };
}

/** Where the signature's PNG is served (authorised like the record; `v` changes when it is signed again). */
export function signatureImageUrl(row: SignatureRow, visit: VisitRef): string {
  const query = new URLSearchParams({ v: String(row.version) });
  if (visit.occurrence !== null) query.set('occurrence', visit.occurrence);
  return `/api/v1/workspaces/${visit.workspaceId}/jobs/${row.job_id}/signature/image?${query}`;
}

export function presentSignature(row: SignatureRow, visit: VisitRef, names: Names): Signature {
  return {
    id: row.id,
    jobId: row.job_id,
    occurrence: visit.occurrence,
    name: row.name,
    imageUrl: signatureImageUrl(row, visit),
    signedAt: iso(Number(row.signed_at)),
    technicianId: row.member_id,
    technicianName: names.get(row.member_id) ?? '',
  };
}
