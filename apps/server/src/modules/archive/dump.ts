import {
  type ArchiveFile,
  type ArchiveLine,
  type ChecklistItem,
  isLocale,
  type MapSettings,
  type WorkingHours,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { rowsOfWorkspace } from '../../db/workspace-rows.js';
import { n, nn } from './line-values.js';
import { rowsOf, workspacePages } from './paging.js';

/**
 * The workspace's rows as archive lines (docs/adr/0035-export-and-workspace-archive.md). The archive is
 * an image of the tables, so this module reads them directly — the one place besides their own
 * modules that does, because its format must name every column the restore writes back. Rows are
 * read a page at a time in id order; a child whose parent was not written (deleted meanwhile) is left
 * out, so every reference in an archive resolves.
 */
export interface DumpState {
  members: Map<string, string>;
  customers: Set<string>;
  jobs: Set<string>;
  templates: Set<string>;
  counts: Partial<Record<ArchiveFile, number>>;
}

export async function workspaceLine(db: Kysely<Database>, workspaceId: string): Promise<ArchiveLine<'workspace'>> {
  const w = await db.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).executeTakeFirstOrThrow();
  return {
    id: w.id,
    name: w.name,
    timeZone: w.time_zone,
    weekStart: n(w.week_start),
    timeFormat: w.time_format as '24h' | '12h',
    dateFormat: w.date_format as 'dmy' | 'mdy' | 'ymd',
    defaultJobMinutes: n(w.default_job_minutes),
    keepPhotoLocation: n(w.keep_photo_location) === 1,
    workingHours: JSON.parse(w.working_hours) as WorkingHours,
    map: JSON.parse(w.map) as MapSettings,
    ...(isLocale(w.language) && { language: w.language }),
  };
}

export async function* memberLines(db: Kysely<Database>, workspaceId: string, state: DumpState) {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['memberships.id', 'memberships.user_id', 'users.email', 'users.name', 'role', 'colour'])
    .select(['home_lat', 'home_lng', 'deactivated_at'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('memberships.created_at')
    .execute();
  for (const m of rows) {
    state.members.set(m.user_id, m.id);
    yield {
      id: m.id,
      email: m.email,
      name: m.name,
      role: m.role,
      colour: m.colour,
      homeLat: nn(m.home_lat),
      homeLng: nn(m.home_lng),
      active: m.deactivated_at === null,
    } as ArchiveLine<'members'>;
  }
}

export async function* customerLines(db: Kysely<Database>, workspaceId: string, state: DumpState) {
  const rows = workspacePages(db, 'customers', workspaceId, { live: true });
  for await (const c of rowsOf(rows)) {
    state.customers.add(c.id);
    yield {
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      address: c.address,
      lat: n(c.lat),
      lng: n(c.lng),
      notes: c.notes,
      ...(isLocale(c.language) && { language: c.language }),
      version: n(c.version),
      createdAt: n(c.created_at),
      updatedAt: n(c.updated_at),
    } satisfies ArchiveLine<'customers'>;
  }
}

export async function* areaLines(db: Kysely<Database>, workspaceId: string) {
  const rows = await rowsOfWorkspace(db, 'service_areas', workspaceId, ['id']);
  for (const a of rows) {
    yield {
      id: a.id,
      name: a.name,
      colour: a.colour,
      kind: a.kind,
      geometry: JSON.parse(a.geometry) as Record<string, unknown>,
      vertexCount: n(a.vertex_count),
      bbox: [n(a.south), n(a.west), n(a.north), n(a.east)],
      version: n(a.version),
      createdAt: n(a.created_at),
      updatedAt: n(a.updated_at),
    } satisfies ArchiveLine<'areas'>;
  }
}

export async function* templateLines(db: Kysely<Database>, workspaceId: string, state: DumpState) {
  const rows = await rowsOfWorkspace(db, 'checklist_templates', workspaceId, ['id']);
  for (const t of rows) {
    state.templates.add(t.id);
    yield {
      id: t.id,
      name: t.name,
      titlePattern: t.title_pattern,
      items: JSON.parse(t.items) as ChecklistItem[],
      signature: t.signature as 'none' | 'optional' | 'required',
      version: n(t.version),
      createdAt: n(t.created_at),
      updatedAt: n(t.updated_at),
    } satisfies ArchiveLine<'checklist-templates'>;
  }
}
