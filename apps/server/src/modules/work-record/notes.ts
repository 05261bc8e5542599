import type { Note, NoteCreate } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { lockChangeLog } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { recordWrite, type VersionedEntity, versionedDelete, versionedUpdate } from '../../db/versioned.js';
import { fieldError, notFound } from '../../errors/app-error.js';
import { checkVersion } from '../../errors/version-conflict.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { newRowOf } from '../../lib/ids.js';
import { openVisitToWrite, visitRefOf } from './context.js';
import { assertNoteEditor, assertNoteRemover } from './policy.js';
import { type NoteRow, presentNote } from './presenter.js';
import { findNote, memberNames, noteById } from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  otherNote: { id: 'problems.record.idOfOtherNote' },
});

/** A note as JSON: its visit and its author's name looked up. */
async function present(db: Kysely<Database>, workspaceId: string, row: NoteRow): Promise<Note> {
  const ref = (await visitRefOf(db, workspaceId, row.job_id, Number(row.occurrence_key))) ?? {
    workspaceId,
    jobId: row.job_id,
    occurrence: null,
  };
  return presentNote(row, ref, await memberNames(db, workspaceId, [row.author_id]));
}

/** A note as a versioned row (a write that loses the race to another after the check gets this `current`). */
const noteEntity: VersionedEntity<'visit_notes', NoteRow> = {
  table: 'visit_notes',
  what: 'note',
  label: 'Note',
  entity: 'note',
  find: findNote,
  versionOf: (row) => Number(row.version),
  present: (row) => ({ id: row.id, body: row.body, version: Number(row.version) }),
};

/** 412 unless the note is at `version`, carrying the note as the record shows it (author name and all). */
async function checkNoteVersion(db: Kysely<Database>, workspaceId: string, current: NoteRow, version: number) {
  if (Number(current.version) === version) return;
  const shown = await present(db, workspaceId, current);
  checkVersion('note', version, Number(current.version), () => shown);
}

/**
 * Writes a note on a visit under the id the client made. A replay of that id (the phone retrying)
 * answers the note already stored, `created: false`, and writes nothing.
 */
export async function createNote(
  db: Kysely<Database>,
  actor: Actor,
  jobId: string,
  occurrence: string | undefined,
  input: NoteCreate,
): Promise<{ note: Note; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const visit = await openVisitToWrite(trx, actor, jobId, occurrence, 'write notes on this visit');
    await lockChangeLog(trx, actor.workspaceId);
    const existing = await noteById(trx, input.id);
    if (existing) {
      const same =
        existing.workspace_id === actor.workspaceId &&
        existing.job_id === jobId &&
        Number(existing.occurrence_key) === visit.occurrenceKey;
      if (!same) throw fieldError('id', text(refusals.otherNote));
      return { note: await present(trx, actor.workspaceId, existing), created: false };
    }
    const row: NoteRow = {
      ...newRowOf(actor.workspaceId, Date.now(), input.id),
      job_id: jobId,
      occurrence_key: visit.occurrenceKey,
      author_id: actor.memberId,
      body: input.body,
    };
    await trx.insertInto('visit_notes').values(row).execute();
    await recordWrite(trx, noteEntity, actor, row.id, 'created');
    return { note: await present(trx, actor.workspaceId, row), created: true };
  });
}

/** 404 unless the note is the workspace's, 403 unless it is the actor's, 412 unless at `version`. */
export async function updateNote(db: Kysely<Database>, actor: Actor, id: string, version: number, body: string) {
  return db.transaction().execute(async (trx) => {
    const current = await findNote(trx, actor.workspaceId, id);
    if (!current) throw notFound('Note');
    assertNoteEditor(actor, current);
    await checkNoteVersion(trx, actor.workspaceId, current, version);
    const changes = { body, updated_at: Date.now() };
    const saved = await versionedUpdate(trx, noteEntity, actor, { id, version }, changes);
    return present(trx, actor.workspaceId, { ...current, ...changes, version: saved });
  });
}

export async function deleteNote(db: Kysely<Database>, actor: Actor, id: string, version: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await findNote(trx, actor.workspaceId, id);
    if (!current) throw notFound('Note');
    assertNoteRemover(actor, current);
    await checkNoteVersion(trx, actor.workspaceId, current, version);
    await versionedDelete(trx, noteEntity, actor, { id, version });
  });
}

/** The note as the API shows it, or undefined when it is not the workspace's (live events). */
export async function loadNote(db: Kysely<Database>, workspaceId: string, id: string): Promise<Note | undefined> {
  const row = await findNote(db, workspaceId, id);
  return row ? present(db, workspaceId, row) : undefined;
}
