import { type Workspace, type WorkspacePatch, workspacePatchSchema } from '@fieldplan/shared';
import type { FieldNamesMarkedBoolean } from 'react-hook-form';
import type { z } from 'zod';

/** The settings form edits every field at once: the shared patch schema with nothing optional. */
export const settingsFormSchema = workspacePatchSchema.required();
export type SettingsFormInput = z.input<typeof settingsFormSchema>;
export type SettingsForm = z.output<typeof settingsFormSchema>;

/** Every name the form can show an error under (server paths are matched against these). */
export const settingsFieldNames = [
  'name',
  'slug',
  'timeZone',
  'weekStart',
  'timeFormat',
  'dateFormat',
  'defaultJobMinutes',
  'keepPhotoLocation',
  'workingHours.start',
  'workingHours.end',
  'workingHours.days',
  'map.center.lat',
  'map.center.lng',
  'map.zoom',
  'map.tileUrlTemplate',
  'map.tileAttribution',
  'language',
] as const;

export function toFormValues(workspace: Workspace): SettingsForm {
  return {
    name: workspace.name,
    slug: workspace.slug,
    timeZone: workspace.timeZone,
    weekStart: workspace.weekStart,
    timeFormat: workspace.timeFormat,
    dateFormat: workspace.dateFormat,
    defaultJobMinutes: workspace.defaultJobMinutes,
    keepPhotoLocation: workspace.keepPhotoLocation,
    workingHours: { ...workspace.workingHours, days: [...workspace.workingHours.days] },
    map: { ...workspace.map, center: { ...workspace.map.center } },
    language: workspace.language,
  };
}

/** Only the sections that changed, so saving the map doesn't overwrite someone else's new name. */
export function changedSections(
  values: SettingsForm,
  dirty: Partial<FieldNamesMarkedBoolean<SettingsFormInput>>,
): WorkspacePatch {
  const patch: WorkspacePatch = {};
  for (const key of Object.keys(values) as (keyof SettingsForm)[]) {
    if (!dirty[key]) continue;
    Object.assign(patch, { [key]: values[key] });
  }
  return patch;
}
