import type {
  Checklist,
  ChecklistAnswer,
  ChecklistTemplate,
  ChecklistTemplateCreate,
  ChecklistTemplatePatch,
  JobChecklists,
  Note,
  Signature,
  SignaturePut,
} from '@fieldplan/shared';
import { api, versionedWrite } from '../../base/api';
import { jobBase, type Photo, type VisitRecord, type VisitRef, visitQuery } from './types';

const templatesBase = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/checklist-templates`;
/** One note or photo of a record, addressed by its own id. */
const partPath = (workspaceId: string, part: 'notes' | 'photos', id: string) =>
  `/workspaces/${encodeURIComponent(workspaceId)}/${part}/${encodeURIComponent(id)}`;
const byName = (a: ChecklistTemplate, b: ChecklistTemplate) => a.name.localeCompare(b.name);

/** The visit's cache key: the same three fields every caller passes. */
export const recordArgs = ({ workspaceId, jobId, occurrence }: VisitRef): VisitRef => ({
  workspaceId,
  jobId,
  occurrence,
});

/** A visit's work record (one cache per visit, patched by writes and live changes) and checklist templates. */
export const recordApi = api.injectEndpoints({
  endpoints: (build) => ({
    visitRecord: build.query<VisitRecord, VisitRef>({
      query: (visit) => `${jobBase(visit)}/record${visitQuery(visit)}`,
      providesTags: (_r, _e, visit) => [{ type: 'Job', id: `record:${visit.jobId}` }],
    }),
    createNote: build.mutation<Note, VisitRef & { id: string; body: string }>({
      query: ({ id, body, ...visit }) => ({
        url: `${jobBase(visit)}/notes${visitQuery(visit)}`,
        method: 'POST',
        body: { id, body },
      }),
    }),
    updateNote: build.mutation<Note, { workspaceId: string; id: string; version: number; body: string }>({
      query: ({ workspaceId, id, version, body }) =>
        versionedWrite('PATCH', partPath(workspaceId, 'notes', id), version, { body }),
    }),
    updatePhotoCaption: build.mutation<Photo, VisitRef & { id: string; version: number; caption: string }>({
      query: ({ workspaceId, id, version, caption }) =>
        versionedWrite('PATCH', partPath(workspaceId, 'photos', id), version, { caption }),
      async onQueryStarted(visit, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(patchRecord(visit, (r) => upsertPhoto(r, data)));
      },
    }),
    deletePhoto: build.mutation<void, VisitRef & { id: string; version: number }>({
      query: ({ workspaceId, id, version }) => versionedWrite('DELETE', partPath(workspaceId, 'photos', id), version),
      async onQueryStarted({ id, ...visit }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false)) {
          dispatch(
            patchRecord(visit, (r) => {
              r.photos = r.photos.filter((p) => p.id !== id);
            }),
          );
        }
      },
    }),
    answerChecklist: build.mutation<
      Checklist,
      VisitRef & { templateId: string; answers: Record<string, ChecklistAnswer> }
    >({
      query: ({ templateId, answers, ...visit }) => ({
        url: `${jobBase(visit)}/checklists/${encodeURIComponent(templateId)}/answers${visitQuery(visit)}`,
        method: 'PUT',
        body: { answers },
      }),
    }),
    putSignature: build.mutation<Signature, VisitRef & { signature: SignaturePut }>({
      query: ({ signature, ...visit }) => ({
        url: `${jobBase(visit)}/signature${visitQuery(visit)}`,
        method: 'PUT',
        body: signature,
      }),
    }),
    jobChecklists: build.query<JobChecklists, { workspaceId: string; jobId: string }>({
      query: (job) => `${jobBase(job)}/checklists`,
      providesTags: (_r, _e, { jobId }) => [{ type: 'Job', id: `checklists:${jobId}` }],
    }),
    attachChecklists: build.mutation<JobChecklists, { workspaceId: string; jobId: string; templateIds: string[] }>({
      query: ({ templateIds, ...job }) => ({ url: `${jobBase(job)}/checklists`, method: 'PUT', body: { templateIds } }),
      // The visits' records list the attached checklists: read them again.
      invalidatesTags: (_r, _e, { jobId }) => [
        { type: 'Job', id: `checklists:${jobId}` },
        { type: 'Job', id: `record:${jobId}` },
      ],
    }),
    listChecklistTemplates: build.query<ChecklistTemplate[], string>({
      query: (workspaceId) => templatesBase(workspaceId),
      transformResponse: (page: { items: ChecklistTemplate[] }) => [...page.items].sort(byName),
      providesTags: (_r, _e, workspaceId) => [{ type: 'Job', id: `templates:${workspaceId}` }],
    }),
    createChecklistTemplate: build.mutation<
      ChecklistTemplate,
      { workspaceId: string; template: ChecklistTemplateCreate }
    >({
      query: ({ workspaceId, template }) => ({ url: templatesBase(workspaceId), method: 'POST', body: template }),
      invalidatesTags: (_r, _e, { workspaceId }) => [{ type: 'Job', id: `templates:${workspaceId}` }],
    }),
    updateChecklistTemplate: build.mutation<
      ChecklistTemplate,
      { workspaceId: string; id: string; version: number; patch: ChecklistTemplatePatch }
    >({
      query: ({ workspaceId, id, version, patch }) =>
        versionedWrite('PATCH', `${templatesBase(workspaceId)}/${encodeURIComponent(id)}`, version, patch),
      invalidatesTags: (_r, _e, { workspaceId }) => [{ type: 'Job', id: `templates:${workspaceId}` }],
    }),
    deleteChecklistTemplate: build.mutation<void, { workspaceId: string; id: string; version: number }>({
      query: ({ workspaceId, id, version }) =>
        versionedWrite('DELETE', `${templatesBase(workspaceId)}/${encodeURIComponent(id)}`, version),
      invalidatesTags: (_r, _e, { workspaceId }) => [{ type: 'Job', id: `templates:${workspaceId}` }],
    }),
  }),
});

export const {
  useVisitRecordQuery,
  useUpdatePhotoCaptionMutation,
  useDeletePhotoMutation,
  useJobChecklistsQuery,
  useAttachChecklistsMutation,
  useListChecklistTemplatesQuery,
  useCreateChecklistTemplateMutation,
  useUpdateChecklistTemplateMutation,
  useDeleteChecklistTemplateMutation,
} = recordApi;

type RecordDraft = VisitRecord;

/** Patches a visit's cached record (no-op when it isn't cached). */
export function patchRecord(visit: VisitRef, change: (record: RecordDraft) => void) {
  return recordApi.util.updateQueryData('visitRecord', recordArgs(visit), change);
}

/** Puts a note, photo, checklist or signature into a record draft, replacing the one with its id. */
export const upsertNote = (record: RecordDraft, note: Note) => {
  record.notes = [...record.notes.filter((n) => n.id !== note.id), note].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
};
export const upsertPhoto = (record: RecordDraft, photo: Photo) => {
  record.photos = [...record.photos.filter((p) => p.id !== photo.id), photo].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
};
export const upsertChecklist = (record: RecordDraft, checklist: Checklist) => {
  const at = record.checklists.findIndex((c) => c.templateId === checklist.templateId);
  if (at === -1) record.checklists.push(checklist);
  else record.checklists[at] = checklist;
};
