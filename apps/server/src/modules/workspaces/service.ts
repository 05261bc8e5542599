import {
  clockDefaultsOf,
  defaultTileAttribution,
  defaultTileUrlTemplate,
  limits,
  type MapSettings,
  negotiateLocale,
  type WorkingHours,
  type WorkspacePatch,
} from '@fieldplan/shared';
import type { Kysely, Transaction } from 'kysely';
import { recordChange } from '../../db/changes.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { fieldError, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { newId } from '../../lib/ids.js';
import { presentWorkspace } from './presenter.js';
import { findWorkspace, slugTaken } from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  slugTaken: { id: 'problems.workspace.slugTaken' },
});

export const defaultWorkingHours: WorkingHours = { start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5] };

export interface WorkspaceDefaults {
  tileUrlTemplate?: string | undefined;
  tileAttribution?: string | undefined;
}

export interface NewWorkspace {
  name: string;
  /** The new workspace's id when the caller needs it beforehand (a restore stores photos under it first). */
  id?: string;
  slug?: string;
  timeZone?: string;
  /** The owner's language tag: the workspace's language, time and date formats and first weekday follow it. */
  locale?: string | undefined;
  map?: Partial<MapSettings>;
}

/** Lowercase, dashes, 3–40 characters. */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, limits.slugMax - 5)
    .replace(/-+$/, '');
  return base.length >= limits.slugMin ? base : `${base || 'team'}-ws`.replace(/^-/, '');
}

async function uniqueSlug(db: Kysely<Database>, wanted: string): Promise<string> {
  if (!(await slugTaken(db, wanted))) return wanted;
  for (let n = 2; n < 1000; n++) {
    const candidate = `${wanted}-${n}`;
    if (!(await slugTaken(db, candidate))) return candidate;
  }
  return `${wanted}-${newId().slice(0, 4)}`;
}

/** Creates a workspace, inside the caller's transaction; members/ adds its owner (createWorkspaceWithOwner). */
export async function createWorkspace(
  trx: Transaction<Database>,
  input: NewWorkspace,
  defaults: WorkspaceDefaults = {},
) {
  const id = input.id ?? newId();
  const now = Date.now();
  const map: MapSettings = {
    center: input.map?.center ?? { lat: 52.52, lng: 13.405 },
    zoom: input.map?.zoom ?? 11,
    tileUrlTemplate: input.map?.tileUrlTemplate ?? defaults.tileUrlTemplate ?? defaultTileUrlTemplate,
    tileAttribution: input.map?.tileAttribution ?? defaults.tileAttribution ?? defaultTileAttribution,
  };
  const slug = await uniqueSlug(trx, input.slug ?? slugify(input.name));
  const clock = clockDefaultsOf(input.locale);
  await trx
    .insertInto('workspaces')
    .values({
      id,
      name: input.name,
      slug,
      time_zone: input.timeZone ?? 'Europe/Berlin',
      week_start: clock.weekStart,
      time_format: clock.timeFormat,
      date_format: clock.dateFormat,
      default_job_minutes: 60,
      keep_photo_location: 0,
      working_hours: JSON.stringify(defaultWorkingHours),
      map: JSON.stringify(map),
      language: negotiateLocale(input.locale ?? null),
      created_at: now,
    })
    .execute();
  await trx.insertInto('workspace_seq').values({ workspace_id: id, last_seq: 0 }).execute();
  return { id, slug, createdAt: now };
}

export async function getWorkspace(db: Kysely<Database>, id: string) {
  const row = await findWorkspace(db, id);
  if (!row) throw notFound('Workspace');
  return presentWorkspace(row);
}

export async function updateWorkspace(db: Kysely<Database>, actor: Actor, patch: WorkspacePatch) {
  if (Object.keys(patch).length === 0) return getWorkspace(db, actor.workspaceId);
  try {
    return await updateWorkspaceRow(db, actor, patch);
  } catch (error) {
    // Two workspaces taking one slug at once: the loser gets the same 400 as a sequential request.
    if (isUniqueViolation(error, 'workspaces', 'slug')) {
      throw fieldError('slug', text(refusals.slugTaken));
    }
    throw error;
  }
}

function updateWorkspaceRow(db: Kysely<Database>, actor: Actor, patch: WorkspacePatch) {
  return db.transaction().execute(async (trx) => {
    if (patch.slug && (await slugTaken(trx, patch.slug, actor.workspaceId))) {
      throw fieldError('slug', text(refusals.slugTaken));
    }
    await trx
      .updateTable('workspaces')
      .set({
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.slug !== undefined && { slug: patch.slug }),
        ...(patch.timeZone !== undefined && { time_zone: patch.timeZone }),
        ...(patch.weekStart !== undefined && { week_start: patch.weekStart }),
        ...(patch.timeFormat !== undefined && { time_format: patch.timeFormat }),
        ...(patch.dateFormat !== undefined && { date_format: patch.dateFormat }),
        ...(patch.defaultJobMinutes !== undefined && { default_job_minutes: patch.defaultJobMinutes }),
        ...(patch.keepPhotoLocation !== undefined && { keep_photo_location: patch.keepPhotoLocation ? 1 : 0 }),
        ...(patch.workingHours !== undefined && { working_hours: JSON.stringify(patch.workingHours) }),
        ...(patch.map !== undefined && { map: JSON.stringify(patch.map) }),
        ...(patch.language !== undefined && { language: patch.language }),
      })
      .where('id', '=', actor.workspaceId)
      .execute();
    await recordChange(trx, {
      workspaceId: actor.workspaceId,
      entity: 'workspace',
      entityId: actor.workspaceId,
      action: 'updated',
      actorId: actor.userId,
    });
    return getWorkspace(trx, actor.workspaceId);
  });
}
