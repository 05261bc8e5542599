import type { Checklist, Note, Signature, SignaturePut } from '@fieldplan/shared';
import { sameVisit, type VisitRecord, type VisitRef } from '../../entities/record/types';
import type { PhotoUpload } from '../../entities/record/upload';
import { t } from '../../lib/i18n';
import { type RecordItem, visitOf } from './record-outbox';

/** A note as the phone shows it: the server's, or one written here and still waiting (or refused). */
export interface ShownNote {
  id: string;
  body: string;
  authorId: string | null;
  authorName: string;
  createdAt: string;
  version: number | null;
  /** The outbox item carrying it, while it waits or after a refusal. */
  pending: RecordItem | null;
}

export interface PendingPhoto {
  item: RecordItem;
  upload: PhotoUpload;
}

export interface ShownRecord {
  notes: ShownNote[];
  pendingPhotos: PendingPhoto[];
  checklists: Checklist[];
  signature: (Signature | (SignaturePut & { pending: true })) | null;
}

/**
 * The record as the technician sees it on the phone: the server's (last loaded) with every write still
 * in the outbox laid over it — new notes and photos added, edits and answers applied, a new signature.
 */
export function mergeRecord(
  record: VisitRecord | undefined,
  items: readonly RecordItem[],
  visit: VisitRef,
): ShownRecord {
  const mine = items.filter((i) => sameVisit(visitOf(i.payload), visit));
  const notes: ShownNote[] = (record?.notes ?? []).map((n: Note) => ({
    id: n.id,
    body: n.body,
    authorId: n.authorId,
    authorName: n.authorName,
    createdAt: n.createdAt,
    version: n.version,
    pending: null,
  }));
  const checklists = (record?.checklists ?? []).map((c) => ({ ...c, answers: { ...c.answers } }));
  let signature: ShownRecord['signature'] = record?.signature ?? null;
  const pendingPhotos: PendingPhoto[] = [];
  for (const item of mine) {
    const write = item.payload;
    if (item.failure && write.type !== 'photo' && write.type !== 'note') continue;
    switch (write.type) {
      case 'note': {
        const at = notes.findIndex((n) => n.id === write.noteId);
        if (at === -1) {
          notes.push({
            id: write.noteId,
            body: write.body,
            authorId: null,
            authorName: t({ id: 'workRecord.notes.you' }),
            createdAt: item.createdAt,
            version: null,
            pending: item,
          });
        } else if (!item.failure) {
          const note = notes[at];
          if (note) notes[at] = { ...note, body: write.body, pending: item };
        }
        break;
      }
      case 'photo':
        pendingPhotos.push({ item, upload: write.upload });
        break;
      case 'answers': {
        const checklist = checklists.find((c) => c.templateId === write.templateId);
        if (checklist) Object.assign(checklist.answers, write.answers);
        break;
      }
      case 'signature':
        signature = { ...write.signature, pending: true };
        break;
    }
  }
  return { notes, pendingPhotos, checklists, signature };
}
