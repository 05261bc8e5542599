import type { ChecklistAnswer, Problem, SignaturePut } from '@fieldplan/shared';
import { defineMessages } from 'react-intl';
import { type OutboxItem, outboxKind, type Sender, type SendResult } from '../../base/outbox';
import type { AppDispatch } from '../../base/store-types';
import { patchRecord, recordApi, upsertChecklist, upsertNote, upsertPhoto } from '../../entities/record/endpoints';
import { type VisitRef, visitKey } from '../../entities/record/types';
import { type PhotoUpload, uploadPhoto } from '../../entities/record/upload';
import { t } from '../../lib/i18n';
import { toProblem } from '../../lib/problem';

/** What the phone keeps for the work record until the server has it (docs/adr/0027-offline-work-record.md). */
export type RecordWrite =
  | { type: 'note'; visit: VisitRef; noteId: string; body: string; edit: boolean }
  | { type: 'photo'; upload: PhotoUpload }
  | { type: 'answers'; visit: VisitRef; templateId: string; answers: Record<string, ChecklistAnswer> }
  | { type: 'signature'; visit: VisitRef; signature: SignaturePut };

export type RecordItem = OutboxItem<RecordWrite>;

const nouns = defineMessages({
  photo: { id: 'workRecord.outbox.photo' },
  photos: { id: 'workRecord.outbox.photos' },
  note: { id: 'workRecord.outbox.note' },
  notes: { id: 'workRecord.outbox.notes' },
  answer: { id: 'workRecord.outbox.answer' },
  answers: { id: 'workRecord.outbox.answers' },
  signature: { id: 'workRecord.outbox.signature' },
  signatures: { id: 'workRecord.outbox.signatures' },
});

/**
 * Each kind of write, with the words that count what waits ("3 photos and 1 note"), in that order.
 * Read when the words are shown, so they are in the page's language then.
 */
export const recordNouns: Record<RecordWrite['type'], { one: string; many: string }> = {
  get photo() {
    return { one: t(nouns.photo), many: t(nouns.photos) };
  },
  get note() {
    return { one: t(nouns.note), many: t(nouns.notes) };
  },
  get answers() {
    return { one: t(nouns.answer), many: t(nouns.answers) };
  },
  get signature() {
    return { one: t(nouns.signature), many: t(nouns.signatures) };
  },
};

/** The work record's writes among the outbox's items (of every kind), in order. */
export const recordItems = (items: readonly OutboxItem[]): RecordItem[] =>
  items.filter((i): i is RecordItem => Object.hasOwn(recordNouns, i.kind));

export const visitOf = (write: RecordWrite): VisitRef => (write.type === 'photo' ? write.upload.visit : write.visit);

/** The outbox group of a visit's writes. */
export const groupOf = (visit: VisitRef) => visitKey(visit);

/** What the technician reads when the server turned a write down. */
export function refusalText(problem: Problem): string {
  switch (problem.code) {
    case 'forbidden':
      return t({ id: 'workRecord.refused.forbidden' });
    case 'not_found':
      return t({ id: 'workRecord.refused.notFound' });
    case 'version_conflict':
      return t({ id: 'workRecord.refused.conflict' });
    case 'validation_failed': {
      const first = problem.errors?.[0]?.message;
      return t({ id: 'workRecord.refused.other' }, { detail: first ?? problem.detail });
    }
    default:
      return t({ id: 'workRecord.refused.other' }, { detail: problem.detail });
  }
}

/** A failed request: kept for later when nothing answered or the server failed, refused otherwise. */
function failed(error: unknown): SendResult {
  const problem = toProblem(error);
  if (problem.status === 0 || problem.status >= 500 || problem.status === 429) return { kind: 'offline' };
  return { kind: 'refused', code: problem.code, message: refusalText(problem) };
}

/** Sends one work-record write and puts the server's answer in the visit's cached record. */
export function recordSender(dispatch: AppDispatch, fetchFn: typeof fetch = fetch): Sender<RecordWrite> {
  return async (item, context) => {
    if (typeof navigator !== 'undefined' && !navigator.onLine) return { kind: 'offline' };
    const write = item.payload;
    try {
      switch (write.type) {
        case 'note': {
          const note =
            write.edit && item.baseVersion !== undefined
              ? await dispatch(
                  recordApi.endpoints.updateNote.initiate({
                    workspaceId: write.visit.workspaceId,
                    id: write.noteId,
                    version: item.baseVersion,
                    body: write.body,
                  }),
                ).unwrap()
              : await dispatch(
                  recordApi.endpoints.createNote.initiate({ ...write.visit, id: write.noteId, body: write.body }),
                ).unwrap();
          dispatch(patchRecord(write.visit, (r) => upsertNote(r, note)));
          return { kind: 'sent', version: note.version };
        }
        case 'answers': {
          const checklist = await dispatch(
            recordApi.endpoints.answerChecklist.initiate({
              ...write.visit,
              templateId: write.templateId,
              answers: write.answers,
            }),
          ).unwrap();
          dispatch(patchRecord(write.visit, (r) => upsertChecklist(r, checklist)));
          return { kind: 'sent' };
        }
        case 'signature': {
          const signature = await dispatch(
            recordApi.endpoints.putSignature.initiate({ ...write.visit, signature: write.signature }),
          ).unwrap();
          dispatch(
            patchRecord(write.visit, (r) => {
              r.signature = signature;
            }),
          );
          return { kind: 'sent' };
        }
        case 'photo': {
          const result = await uploadPhoto(fetchFn, write.upload, {
            progress: (done, total) => context.progress(done, total),
            created: () => context.save({ ...write, upload: { ...write.upload, created: true } }),
          });
          // Held (the server's file storage is full): the photo waits; the visit's other writes go on.
          if (result.kind === 'offline' || result.kind === 'held') return { kind: result.kind };
          if (result.kind === 'refused') {
            return { kind: 'refused', code: result.problem.code, message: refusalText(result.problem) };
          }
          dispatch(patchRecord(write.upload.visit, (r) => upsertPhoto(r, result.photo)));
          return { kind: 'sent' };
        }
      }
    } catch (error) {
      return failed(error);
    }
  };
}

/** The work record's writes in the workspace's outbox (app/outbox-kinds.ts registers it). */
export const recordOutboxKind = outboxKind<RecordWrite>({
  nouns: recordNouns,
  sender: (dispatch) => recordSender(dispatch),
});
