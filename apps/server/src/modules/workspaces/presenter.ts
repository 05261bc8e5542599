import type { MapSettings, WorkingHours, Workspace } from '@fieldplan/shared';
import type { Selectable } from 'kysely';
import type { WorkspacesTable } from '../../db/schema.js';

export function presentWorkspace(row: Selectable<WorkspacesTable>): Workspace {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    timeZone: row.time_zone,
    weekStart: Number(row.week_start),
    workingHours: JSON.parse(row.working_hours) as WorkingHours,
    map: JSON.parse(row.map) as MapSettings,
  };
}
