import {
  type ChecklistTemplate,
  type ChecklistTemplateCreate,
  type ChecklistTemplatePatch,
  recordLimits,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { lockChangeLog, recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { conflictNow, loadAtVersion, type VersionedEntity, versionedUpdate } from '../../db/versioned.js';
import { countOfWorkspace } from '../../db/workspace-rows.js';
import { AppError } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { newRowOf } from '../../lib/ids.js';
import { presentTemplate, type TemplateRow } from './presenter.js';
import { findTemplate, listTemplates } from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  tooMany: { id: 'problems.record.tooManyTemplates' },
});

// Checklist templates are the office's (checklists.manage). They go live as `checklist_template`
// changes so open panels and phones re-read what is attached; a visit's answered checklist keeps the
// items it was answered against.

const templateEntity: VersionedEntity<'checklist_templates', TemplateRow> = {
  table: 'checklist_templates',
  what: 'checklist template',
  label: 'Checklist template',
  entity: 'checklist_template',
  find: findTemplate,
  versionOf: (row) => Number(row.version),
  present: presentTemplate,
};

export async function getTemplates(db: Kysely<Database>, actor: Actor): Promise<{ items: ChecklistTemplate[] }> {
  return { items: (await listTemplates(db, actor.workspaceId)).map(presentTemplate) };
}

export async function createTemplate(db: Kysely<Database>, actor: Actor, input: ChecklistTemplateCreate) {
  return db.transaction().execute(async (trx) => {
    if ((await countOfWorkspace(trx, 'checklist_templates', actor.workspaceId)) >= recordLimits.templatesMax) {
      throw new AppError('validation_failed', text(refusals.tooMany, { max: String(recordLimits.templatesMax) }));
    }
    const row: TemplateRow = {
      ...newRowOf(actor.workspaceId, Date.now()),
      name: input.name,
      title_pattern: input.titlePattern,
      items: JSON.stringify(input.items),
      signature: input.signature,
    };
    await lockChangeLog(trx, actor.workspaceId);
    await trx.insertInto('checklist_templates').values(row).execute();
    await recordChange(trx, {
      workspaceId: actor.workspaceId,
      entity: 'checklist_template',
      entityId: row.id,
      action: 'created',
      actorId: actor.memberId,
    });
    return presentTemplate(row);
  });
}

export async function updateTemplate(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  version: number,
  patch: ChecklistTemplatePatch,
) {
  return db.transaction().execute(async (trx) => {
    const current = await loadAtVersion(trx, templateEntity, actor.workspaceId, { id, version });
    const changes = {
      name: patch.name ?? current.name,
      title_pattern: patch.titlePattern !== undefined ? patch.titlePattern : current.title_pattern,
      items: patch.items ? JSON.stringify(patch.items) : current.items,
      signature: patch.signature ?? current.signature,
      updated_at: Date.now(),
    };
    await lockChangeLog(trx, actor.workspaceId);
    const saved = await versionedUpdate(trx, templateEntity, actor, { id, version }, changes);
    return presentTemplate({ ...current, ...changes, version: saved });
  });
}

/** Deletes the template and its attachments by hand; checklists already answered keep their copy. */
export async function deleteTemplate(db: Kysely<Database>, actor: Actor, id: string, version: number) {
  await db.transaction().execute(async (trx) => {
    await loadAtVersion(trx, templateEntity, actor.workspaceId, { id, version });
    await lockChangeLog(trx, actor.workspaceId);
    await trx.deleteFrom('job_checklists').where('template_id', '=', id).execute();
    const result = await trx
      .deleteFrom('checklist_templates')
      .where('workspace_id', '=', actor.workspaceId)
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw await conflictNow(trx, templateEntity, actor.workspaceId, id);
    await recordChange(trx, {
      workspaceId: actor.workspaceId,
      entity: 'checklist_template',
      entityId: id,
      action: 'deleted',
      actorId: actor.memberId,
    });
  });
}
