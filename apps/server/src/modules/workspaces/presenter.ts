import {
  type DateFormat,
  fallbackLocale,
  isLocale,
  type MapSettings,
  type TimeFormat,
  type WorkingHours,
  type Workspace,
} from '@fieldplan/shared';
import type { Selectable } from 'kysely';
import type { WorkspacesTable } from '../../db/schema.js';

export function presentWorkspace(row: Selectable<WorkspacesTable>): Workspace {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    timeZone: row.time_zone,
    weekStart: Number(row.week_start),
    timeFormat: row.time_format as TimeFormat,
    dateFormat: row.date_format as DateFormat,
    defaultJobMinutes: Number(row.default_job_minutes),
    keepPhotoLocation: Number(row.keep_photo_location) === 1,
    workingHours: JSON.parse(row.working_hours) as WorkingHours,
    map: JSON.parse(row.map) as MapSettings,
    language: isLocale(row.language) ? row.language : fallbackLocale,
  };
}
