import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { rowOfWorkspace, rowsOfWorkspace } from '../../db/workspace-rows.js';
import { findMember } from '../members/index.js';
import type { ChecklistRow, Names, NoteRow, SignatureRow, TemplateRow } from './presenter.js';

/** A visit's address in the work-record tables: occurrence_key is 0 for a one-off job. */
export interface VisitKey {
  workspaceId: string;
  jobId: string;
  occurrenceKey: number;
}

/** The columns that address a visit's rows, as one filter. */
const ofVisit = (key: VisitKey) =>
  ({ workspace_id: key.workspaceId, job_id: key.jobId, occurrence_key: key.occurrenceKey }) as const;

export function findNote(db: Kysely<Database>, workspaceId: string, id: string): Promise<NoteRow | undefined> {
  return rowOfWorkspace(db, 'visit_notes', workspaceId, id);
}

/** A note by id in any workspace: an id a client made is unique across them all. */
export function noteById(db: Kysely<Database>, id: string): Promise<NoteRow | undefined> {
  return db.selectFrom('visit_notes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function notesOfVisit(db: Kysely<Database>, key: VisitKey): Promise<NoteRow[]> {
  return db
    .selectFrom('visit_notes')
    .selectAll()
    .where((eb) => eb.and(ofVisit(key)))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findTemplate(db: Kysely<Database>, workspaceId: string, id: string): Promise<TemplateRow | undefined> {
  return rowOfWorkspace(db, 'checklist_templates', workspaceId, id);
}

export function listTemplates(db: Kysely<Database>, workspaceId: string): Promise<TemplateRow[]> {
  return rowsOfWorkspace(db, 'checklist_templates', workspaceId, ['name', 'id']);
}

/** Ids of the templates attached to the job by hand, in the order they were given. */
export async function attachedTemplateIds(db: Kysely<Database>, workspaceId: string, jobId: string) {
  const rows = await db
    .selectFrom('job_checklists')
    .select('template_id')
    .where('workspace_id', '=', workspaceId)
    .where('job_id', '=', jobId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.template_id);
}

export async function replaceAttached(trx: Transaction<Database>, workspaceId: string, jobId: string, ids: string[]) {
  await trx.deleteFrom('job_checklists').where('workspace_id', '=', workspaceId).where('job_id', '=', jobId).execute();
  if (ids.length === 0) return;
  await trx
    .insertInto('job_checklists')
    .values(ids.map((template_id, position) => ({ workspace_id: workspaceId, job_id: jobId, template_id, position })))
    .execute();
}

export function checklistsOfVisit(db: Kysely<Database>, key: VisitKey): Promise<ChecklistRow[]> {
  return db
    .selectFrom('visit_checklists')
    .selectAll()
    .where((eb) => eb.and(ofVisit(key)))
    .execute();
}

export function findChecklist(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<ChecklistRow | undefined> {
  return rowOfWorkspace(db, 'visit_checklists', workspaceId, id);
}

const signatureColumns = [
  'id',
  'workspace_id',
  'job_id',
  'occurrence_key',
  'name',
  'signed_at',
  'member_id',
  'version',
  'created_at',
] as const;

export function signatureOfVisit(db: Kysely<Database>, key: VisitKey): Promise<SignatureRow | undefined> {
  return db
    .selectFrom('visit_signatures')
    .select(signatureColumns)
    .where((eb) => eb.and(ofVisit(key)))
    .executeTakeFirst();
}

export function findSignature(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<SignatureRow | undefined> {
  return db
    .selectFrom('visit_signatures')
    .select(signatureColumns)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function signatureImage(db: Kysely<Database>, key: VisitKey): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('visit_signatures')
    .select('image')
    .where((eb) => eb.and(ofVisit(key)))
    .executeTakeFirst();
  return row ? Buffer.from(row.image) : undefined;
}

/** The names of these members of the workspace (deactivated ones too: they wrote what they wrote). */
export async function memberNames(db: Kysely<Database>, workspaceId: string, ids: Iterable<string>): Promise<Names> {
  const unique = [...new Set(ids)];
  const rows = await Promise.all(unique.map((id) => findMember(db, workspaceId, id)));
  return new Map(rows.flatMap((r) => (r ? [[r.id, r.name] as const] : [])));
}
