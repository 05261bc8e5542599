import type { AnsweredChecklist, Note, Photo, Signature } from '@fieldplan/shared';
import type { AppDispatch, RootState } from '../../app/store';
import { type EntityChange, entityChange, type LiveEntry } from '../../base/live-registry';
import { recordApi, upsertChecklist, upsertNote, upsertPhoto } from './endpoints';
import { sameVisit, type VisitRecord, type VisitRef } from './types';

type Located = { jobId: string; occurrence: string | null };

/**
 * Lands one change of a visit's record in every cached record of that visit (the office's job panel,
 * the report, the phone) — or, for a removal, which carries only the id, takes it out of whichever holds it.
 */
function applyToRecords<T extends Located & { id: string }>(
  workspaceId: string,
  change: EntityChange<T>,
  put: (record: VisitRecord, entity: T) => void,
  remove: (record: VisitRecord, id: string) => void,
) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    const cached = recordApi.util.selectCachedArgsForQuery(getState(), 'visitRecord') as VisitRef[];
    const entity = change.entity;
    for (const args of cached) {
      if (args.workspaceId !== workspaceId) continue;
      if (entity && !sameVisit(args, entity)) continue;
      dispatch(
        recordApi.util.updateQueryData('visitRecord', args, (record) => {
          if (entity) put(record, entity);
          else remove(record, change.id);
        }),
      );
    }
  };
}

export const noteLive: LiveEntry<'note'> = {
  entity: 'note',
  apply: (change, { workspaceId }) =>
    applyToRecords<Note>(workspaceId, entityChange(change), upsertNote, (r, id) => {
      r.notes = r.notes.filter((n) => n.id !== id);
    }),
};

export const photoLive: LiveEntry<'photo'> = {
  entity: 'photo',
  apply: (change, { workspaceId }) =>
    applyToRecords<Photo>(workspaceId, entityChange(change), upsertPhoto, (r, id) => {
      r.photos = r.photos.filter((p) => p.id !== id);
    }),
};

export const checklistLive: LiveEntry<'checklist'> = {
  entity: 'checklist',
  apply: (change, { workspaceId }) =>
    applyToRecords<AnsweredChecklist>(workspaceId, entityChange(change), upsertChecklist, (r, id) => {
      r.checklists = r.checklists.filter((c) => c.id !== id);
    }),
};

export const signatureLive: LiveEntry<'signature'> = {
  entity: 'signature',
  apply: (change, { workspaceId }) =>
    applyToRecords<Signature>(
      workspaceId,
      entityChange(change),
      (r, signature) => {
        r.signature = signature;
      },
      (r, id) => {
        if (r.signature?.id === id) r.signature = null;
      },
    ),
};

/** The work record's entities, in one list for app/live-entities.ts. */
export const recordLive = [noteLive, photoLive, checklistLive, signatureLive] as const;
