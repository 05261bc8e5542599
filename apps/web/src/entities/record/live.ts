import type { ChangeEntityData } from '@fieldplan/shared';
import { type EntityChange, entityChange, type LiveDispatch, type LiveEntry } from '../../base/live-registry';
import type { RootState } from '../../base/root-state';
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
  return (dispatch: LiveDispatch, getState: () => RootState) => {
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

type RecordPart = 'note' | 'photo' | 'checklist' | 'signature';

/** A part of a visit's record that goes live: how a changed one lands in a record and how a removed one leaves it. */
function recordPartLive<E extends RecordPart>(
  entity: E,
  put: (record: VisitRecord, part: ChangeEntityData[E]) => void,
  remove: (record: VisitRecord, id: string) => void,
): LiveEntry<E> {
  return {
    entity,
    apply: (change, { workspaceId }) => applyToRecords(workspaceId, entityChange(change), put, remove),
  };
}

export const noteLive = recordPartLive('note', upsertNote, (r, id) => {
  r.notes = r.notes.filter((n) => n.id !== id);
});

export const photoLive = recordPartLive('photo', upsertPhoto, (r, id) => {
  r.photos = r.photos.filter((p) => p.id !== id);
});

export const checklistLive = recordPartLive('checklist', upsertChecklist, (r, id) => {
  r.checklists = r.checklists.filter((c) => c.id !== id);
});

export const signatureLive = recordPartLive(
  'signature',
  (r, signature) => {
    r.signature = signature;
  },
  (r, id) => {
    if (r.signature?.id === id) r.signature = null;
  },
);

/** The jobs whose records or attached checklists are cached in this workspace. */
function cachedJobs(state: RootState, workspaceId: string): string[] {
  const records = recordApi.util.selectCachedArgsForQuery(state, 'visitRecord') as VisitRef[];
  const attached = recordApi.util.selectCachedArgsForQuery(state, 'jobChecklists') as {
    workspaceId: string;
    jobId: string;
  }[];
  return [...new Set([...records, ...attached].filter((a) => a.workspaceId === workspaceId).map((a) => a.jobId))];
}

/**
 * A template was added, edited or deleted: it may change what any job lists (its title pattern, its
 * items, a removed attachment), so the templates and every open record and attachment list are read again.
 */
export const checklistTemplateLive: LiveEntry<'checklist_template'> = {
  entity: 'checklist_template',
  apply:
    (_change, { workspaceId }) =>
    (dispatch, getState) => {
      const jobs = cachedJobs(getState(), workspaceId);
      dispatch(
        recordApi.util.invalidateTags([
          { type: 'Job', id: `templates:${workspaceId}` },
          ...jobs.flatMap((jobId) => [
            { type: 'Job' as const, id: `record:${jobId}` },
            { type: 'Job' as const, id: `checklists:${jobId}` },
          ]),
        ]),
      );
    },
};

/** Templates attached to a job by hand changed: its attachment list is patched and its records read again. */
export const jobChecklistsLive: LiveEntry<'job_checklists'> = {
  entity: 'job_checklists',
  apply:
    (change, { workspaceId }) =>
    (dispatch) => {
      const { entity } = entityChange(change);
      if (entity) {
        const { id, ...attached } = entity;
        dispatch(recordApi.util.updateQueryData('jobChecklists', { workspaceId, jobId: id }, () => attached));
      }
      dispatch(recordApi.util.invalidateTags([{ type: 'Job', id: `record:${change.data.id}` }]));
    },
};

/** The work record's entities, in one list for app/live-entities.ts. */
export const recordLive = [
  noteLive,
  photoLive,
  checklistLive,
  signatureLive,
  checklistTemplateLive,
  jobChecklistsLive,
] as const;
