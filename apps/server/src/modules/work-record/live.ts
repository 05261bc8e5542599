import type { AnsweredChecklist, ChecklistTemplate, JobChecklistsChange, Note, Signature } from '@fieldplan/shared';
import type { LiveEntity } from '../../realtime/live-entity.js';
import { loadChecklist, loadJobChecklists } from './checklists.js';
import { loadNote } from './notes.js';
import { presentTemplate } from './presenter.js';
import { findTemplate } from './queries.js';
import { loadSignature } from './signature.js';

// A visit's record goes live entity by entity; each carries its jobId and occurrence so a client
// patches the right visit. Everyone who reads the schedule reads records, so one presentation serves
// the channel and `/changes` alike.

export const noteLive: LiveEntity<'note', Note> = {
  load: ({ db, workspaceId }, id) => loadNote(db, workspaceId, id),
  present: (note) => note,
};

export const checklistLive: LiveEntity<'checklist', AnsweredChecklist> = {
  load: ({ db, workspaceId }, id) => loadChecklist(db, workspaceId, id),
  present: (checklist) => checklist,
};

export const signatureLive: LiveEntity<'signature', Signature> = {
  load: ({ db, workspaceId }, id) => loadSignature(db, workspaceId, id),
  present: (signature) => signature,
};

// Templates and attachments change what a visit's record lists: clients read the records again.
export const checklistTemplateLive: LiveEntity<'checklist_template', ChecklistTemplate> = {
  load: async ({ db, workspaceId }, id) => {
    const row = await findTemplate(db, workspaceId, id);
    return row ? presentTemplate(row) : undefined;
  },
  present: (template) => template,
};

export const jobChecklistsLive: LiveEntity<'job_checklists', JobChecklistsChange> = {
  load: ({ db, workspaceId }, jobId) => loadJobChecklists(db, workspaceId, jobId),
  present: (attached) => attached,
};
