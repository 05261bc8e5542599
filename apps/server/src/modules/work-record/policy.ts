import { can } from '@fieldplan/shared';
import { forbidden } from '../../errors/app-error.js';
import type { Actor } from '../../http/workspace-access.js';
import type { NoteRow } from './presenter.js';

// Who may change a note (docs/PRODUCT.md, "Roles and permissions"): its author edits it; its author
// or the office (record.write.any) deletes it. Writing on a visit at all is assertVisitWriter's rule.

export function assertNoteEditor(actor: Actor, note: NoteRow): void {
  if (note.author_id !== actor.memberId || !can(actor.role, 'record.write.own')) {
    throw forbidden("edit someone else's note");
  }
}

export function assertNoteRemover(actor: Actor, note: NoteRow): void {
  if (can(actor.role, 'record.write.any')) return;
  if (note.author_id === actor.memberId && can(actor.role, 'record.write.own')) return;
  throw forbidden("delete someone else's note");
}
