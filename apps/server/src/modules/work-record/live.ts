import type { AnsweredChecklist, Note, Signature } from '@fieldplan/shared';
import type { LiveEntity } from '../../realtime/live-entity.js';
import { loadChecklist } from './checklists.js';
import { loadNote } from './notes.js';
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
