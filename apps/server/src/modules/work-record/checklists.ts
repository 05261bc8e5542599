import type {
  AnsweredChecklist,
  Checklist,
  ChecklistAnswer,
  FieldError,
  JobChecklists,
  SignatureRule,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { lockChangeLog, recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { AppError, fieldError, notFound } from '../../errors/app-error.js';
import { versionConflict } from '../../errors/version-conflict.js';
import { localText, type Texted, text, textedFieldError } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { newId } from '../../lib/ids.js';
import { findJobRow } from '../jobs/index.js';
import { answerError, type ChecklistState, completionIssues } from './answers.js';
import { type OpenVisit, openVisitToWrite, visitRefOf } from './context.js';
import {
  type ChecklistRow,
  parseItems,
  presentChecklist,
  type TemplateRow,
  unansweredChecklist,
  type VisitRef,
} from './presenter.js';
import {
  attachedTemplateIds,
  checklistsOfVisit,
  findChecklist,
  listTemplates,
  replaceAttached,
  signatureOfVisit,
  type VisitKey,
} from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const answerRefusals = defineMessages({
  noItem: { id: 'problems.record.noSuchItem' },
});

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  noTemplate: { id: 'problems.record.noSuchTemplate' },
});

/** A template attaches itself to a job whose title contains its pattern, ignoring case. */
const matches = (template: TemplateRow, title: string) =>
  template.title_pattern !== null && title.toLowerCase().includes(template.title_pattern.toLowerCase());

/** The templates attached to a job: by hand first (in their order), then those matching its title. */
async function attachedTemplates(db: Kysely<Database>, workspaceId: string, jobId: string, title: string) {
  const [manual, all] = await Promise.all([
    attachedTemplateIds(db, workspaceId, jobId),
    listTemplates(db, workspaceId),
  ]);
  const byId = new Map(all.map((t) => [t.id, t]));
  const matched = all.filter((t) => matches(t, title)).map((t) => t.id);
  const ids = [...new Set([...manual, ...matched])];
  return { manual, matched, templates: ids.flatMap((id) => byId.get(id) ?? []) };
}

/**
 * A visit's checklists: each attached template, as answered on this visit or still empty, then any
 * checklist answered here whose template was detached or deleted since (its answers stay on record).
 */
export async function visitChecklists(
  db: Kysely<Database>,
  key: VisitKey,
  ref: VisitRef,
  title: string,
): Promise<Checklist[]> {
  const [{ templates }, rows] = await Promise.all([
    attachedTemplates(db, key.workspaceId, key.jobId, title),
    checklistsOfVisit(db, key),
  ]);
  const answered = new Map(rows.map((r) => [r.template_id, r]));
  const out: Checklist[] = templates.map((t) => {
    const row = answered.get(t.id);
    return row ? presentChecklist(row, ref) : unansweredChecklist(t, ref);
  });
  const shown = new Set(templates.map((t) => t.id));
  for (const row of rows) if (!shown.has(row.template_id)) out.push(presentChecklist(row, ref));
  return out;
}

/** The templates attached to a job, by hand and by its title (404 unless the job is the workspace's). */
export async function getJobChecklists(db: Kysely<Database>, actor: Actor, jobId: string): Promise<JobChecklists> {
  const job = await findJobRow(db, actor.workspaceId, jobId);
  if (!job) throw notFound('Job');
  const { manual, matched } = await attachedTemplates(db, actor.workspaceId, jobId, job.title);
  return { templateIds: manual, matchedTemplateIds: matched };
}

/** A job's attached templates as its `job_checklists` change carries them; undefined when the job is gone. */
export async function loadJobChecklists(db: Kysely<Database>, workspaceId: string, jobId: string) {
  const job = await findJobRow(db, workspaceId, jobId);
  if (!job) return undefined;
  const { manual, matched } = await attachedTemplates(db, workspaceId, jobId, job.title);
  return { id: jobId, templateIds: manual, matchedTemplateIds: matched };
}

/** Attaches exactly these templates to the job by hand (those matching its title stay attached anyway). */
export async function putJobChecklists(db: Kysely<Database>, actor: Actor, jobId: string, templateIds: string[]) {
  return db.transaction().execute(async (trx) => {
    const job = await findJobRow(trx, actor.workspaceId, jobId);
    if (!job) throw notFound('Job');
    const known = new Set((await listTemplates(trx, actor.workspaceId)).map((t) => t.id));
    const unknown = templateIds.findIndex((id) => !known.has(id));
    if (unknown >= 0) throw fieldError(`templateIds.${unknown}`, text(refusals.noTemplate));
    await lockChangeLog(trx, actor.workspaceId);
    await replaceAttached(trx, actor.workspaceId, jobId, templateIds);
    // Open job panels and phones re-read the job's checklists (docs/PRODUCT.md, "Work record").
    await recordChange(trx, {
      workspaceId: actor.workspaceId,
      entity: 'job_checklists',
      entityId: jobId,
      action: 'updated',
      actorId: actor.memberId,
    });
    return getJobChecklists(trx, actor, jobId);
  });
}

/** Every answer that doesn't fit its item, as field errors on `answers.<itemId>` naming the item. */
function answerErrors(items: ChecklistState['items'], answers: Record<string, ChecklistAnswer>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [itemId, answer] of Object.entries(answers)) {
    const item = items.find((i) => i.id === itemId);
    const path = `answers.${itemId}`;
    const error = item
      ? answerError(path, item, answer)
      : textedFieldError(path, text(answerRefusals.noItem, { id: itemId }), `This checklist has no item "${itemId}"`);
    if (error) errors.push(error);
  }
  return errors;
}

/**
 * Merges `answers` into the visit's checklist of `templateId`. `basedOn` (If-Match, optional) is the
 * version the phone answered against: 412 only when one of the items it sends was changed after that
 * version by someone else — answers to different items never conflict (docs/adr/0025-work-record.md).
 */
export async function saveAnswers(
  db: Kysely<Database>,
  actor: Actor,
  target: { jobId: string; templateId: string; occurrence: string | undefined },
  basedOn: number | undefined,
  answers: Record<string, ChecklistAnswer>,
): Promise<AnsweredChecklist> {
  return db.transaction().execute(async (trx) => {
    const visit = await openVisitToWrite(
      trx,
      actor,
      target.jobId,
      target.occurrence,
      'fill in checklists of this visit',
    );
    await lockChangeLog(trx, actor.workspaceId);
    const row = await answeredRow(trx, visit, target.templateId);
    const items = parseItems(row.items);
    const errors = answerErrors(items, answers);
    if (errors.length > 0) {
      const first = errors[0] as Texted<FieldError>;
      throw new AppError('validation_failed', first.message, { errors }, first[localText]);
    }
    const version = Number(row.version);
    const setAt = JSON.parse(row.answer_versions) as Record<string, number>;
    if (basedOn !== undefined && basedOn < version && Object.keys(answers).some((id) => (setAt[id] ?? 0) > basedOn)) {
      throw versionConflict('checklist', version, presentChecklist(row, visit.ref));
    }
    const next = version + 1;
    const merged = { ...(JSON.parse(row.answers) as Record<string, ChecklistAnswer>) };
    for (const [id, answer] of Object.entries(answers)) {
      if (answer === null) delete merged[id];
      else merged[id] = answer;
      setAt[id] = next;
    }
    const saved: ChecklistRow = {
      ...row,
      answers: JSON.stringify(merged),
      answer_versions: JSON.stringify(setAt),
      version: next,
      updated_at: Date.now(),
      updated_by: actor.memberId,
    };
    if (version === 0) await trx.insertInto('visit_checklists').values(saved).execute();
    else await trx.updateTable('visit_checklists').set(saved).where('id', '=', row.id).execute();
    await recordChange(trx, {
      workspaceId: actor.workspaceId,
      entity: 'checklist',
      entityId: row.id,
      action: version === 0 ? 'created' : 'updated',
      actorId: actor.userId,
    });
    return presentChecklist(saved, visit.ref);
  });
}

/** The visit's answered checklist of the template, or a new one (version 0) from the attached template. */
async function answeredRow(db: Kysely<Database>, visit: OpenVisit, templateId: string): Promise<ChecklistRow> {
  const existing = (await checklistsOfVisit(db, visit.key)).find((r) => r.template_id === templateId);
  if (existing) return existing;
  const { templates } = await attachedTemplates(db, visit.workspaceId, visit.jobId, visit.title);
  const template = templates.find((t) => t.id === templateId);
  if (!template) throw notFound('Checklist of this job');
  return {
    id: newId(),
    workspace_id: visit.workspaceId,
    job_id: visit.jobId,
    occurrence_key: visit.occurrenceKey,
    template_id: template.id,
    name: template.name,
    items: template.items,
    signature: template.signature,
    answers: '{}',
    answer_versions: '{}',
    version: 0,
    updated_at: 0,
    updated_by: null,
  };
}

/** The answered checklist as the API shows it, or undefined when it is not the workspace's (live events). */
export async function loadChecklist(db: Kysely<Database>, workspaceId: string, id: string) {
  const row = await findChecklist(db, workspaceId, id);
  if (!row) return undefined;
  const ref = await visitRefOf(db, workspaceId, row.job_id, Number(row.occurrence_key));
  return ref ? presentChecklist(row, ref) : undefined;
}

/**
 * What stops the visit from being completed (docs/PRODUCT.md, "Work record"): required items left
 * empty and a required signature missing. `occurrenceKey` null is a one-off job, or a whole series
 * (whose visits each carry their own record, so nothing is checked for it).
 */
export async function visitCompletionIssues(
  db: Kysely<Database>,
  visit: { workspaceId: string; jobId: string; occurrenceKey: number | null },
): Promise<FieldError[]> {
  const job = await findJobRow(db, visit.workspaceId, visit.jobId);
  if (!job || (visit.occurrenceKey === null && job.rrule)) return [];
  const key: VisitKey = { workspaceId: visit.workspaceId, jobId: visit.jobId, occurrenceKey: visit.occurrenceKey ?? 0 };
  const ref: VisitRef = { workspaceId: visit.workspaceId, jobId: visit.jobId, occurrence: null };
  const [checklists, signature] = await Promise.all([
    visitChecklists(db, key, ref, job.title),
    signatureOfVisit(db, key),
  ]);
  const states: ChecklistState[] = checklists.map((c) => ({ ...c, signature: c.signature as SignatureRule }));
  return completionIssues(states, signature !== undefined);
}
