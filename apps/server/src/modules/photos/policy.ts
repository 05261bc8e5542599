import { can } from '@fieldplan/shared';
import { forbidden } from '../../errors/app-error.js';
import type { Actor } from '../../http/workspace-access.js';
import type { PhotoRow } from './queries.js';

// Who may do what with photos (docs/PRODUCT.md, "Roles and permissions"): everyone reads them
// (`record.read`); adding, captioning and deleting follow the visit's record rule (jobs' assertVisitWriter:
// the office any visit, a technician their own); an upload's bytes are sent by the member who began it.

/** 403 unless the actor began this upload and may still write records. */
export function assertUploader(actor: Actor, row: Pick<PhotoRow, 'uploaded_by'>): void {
  const writes = can(actor.role, 'record.write.any') || can(actor.role, 'record.write.own');
  if (!writes || row.uploaded_by !== actor.memberId) throw forbidden("add to someone else's upload");
}
