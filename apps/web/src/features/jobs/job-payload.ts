import type { JobCreate, JobPatch } from '@fieldplan/shared';
import { type JobFormValues, timingOf } from './job-form-schema';

/** The form's values as the API's job fields (what a create sends, what a patch compares). */
export function apiFields(values: JobFormValues, zone: string): Required<JobPatch> {
  const timing = timingOf(values, zone);
  return {
    title: values.title.trim(),
    description: values.description,
    customerId: values.customerId,
    address: values.address.trim(),
    lat: values.lat,
    lng: values.lng,
    start: timing.start,
    end: timing.end,
    allDay: values.allDay,
    priority: values.priority,
    assigneeIds: values.assigneeIds,
    rrule: timing.rrule,
    flexibleWindow: timing.flexibleWindow ?? null,
  };
}

export function toCreate(values: JobFormValues, zone: string): JobCreate {
  return apiFields(values, zone);
}

const timeKeys = new Set(['start', 'end', 'allDay']);

/**
 * Only what changed, so an edit doesn't overwrite someone else's change to another field — and so
 * moving one occurrence sends only its time. A changed time always sends start and end together.
 */
export function toPatch(values: JobFormValues, initial: JobFormValues, zone: string): JobPatch {
  const now = apiFields(values, zone);
  const before = apiFields(initial, zone);
  const patch: JobPatch = {};
  let timeChanged = false;
  for (const key of Object.keys(now) as (keyof JobPatch)[]) {
    if (key === 'rrule') continue;
    if (JSON.stringify(now[key]) === JSON.stringify(before[key])) continue;
    if (timeKeys.has(key)) timeChanged = true;
    else Object.assign(patch, { [key]: now[key] });
  }
  // The rule goes only when the repeat settings changed, or when a monthly/yearly series moves to
  // another day (the server shifts weekly weekdays itself, but can't re-pin a day of the month).
  const ruleEdited = JSON.stringify(values.recurrence) !== JSON.stringify(initial.recurrence);
  const dayMoved = values.start.slice(0, 10) !== initial.start.slice(0, 10);
  const pinned = values.recurrence.freq === 'MONTHLY' || values.recurrence.freq === 'YEARLY';
  if ((ruleEdited || (dayMoved && pinned)) && now.rrule !== before.rrule) patch.rrule = now.rrule;
  else if (ruleEdited && values.recurrence.freq === 'none' && before.rrule) patch.rrule = null;
  if (timeChanged) {
    Object.assign(patch, { start: now.start, end: now.end });
    if (now.allDay !== before.allDay) patch.allDay = now.allDay;
  }
  return patch;
}

/** Fields one occurrence can have of its own (the rest belong to the series). */
export const occurrenceFields = new Set<keyof JobPatch>(['start', 'end', 'assigneeIds']);
