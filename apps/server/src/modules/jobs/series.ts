import {
  countBefore,
  formatRule,
  type JobChange,
  type JobPatch,
  ruleContinuing,
  ruleEndingBefore,
} from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError } from '../../errors/app-error.js';
import { text, textedFieldError } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { newId } from '../../lib/ids.js';
import {
  applyFields,
  autoStatus,
  checkAssignees,
  checkTiming,
  draftOf,
  invalid,
  parseTime,
  timingOf,
} from './draft.js';
import { formatTime, type LoadedJob, presentJob } from './presenter.js';
import { exceptionDraftOf, saveJob, softDeleteJob } from './store.js';
import { carryExceptions, dayDelta, formatShifted, ruleOf, shiftByWall, wallOf } from './timeshift.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  onlyTime: { id: 'problems.jobs.occurrenceFields' },
  notUnscheduled: { id: 'problems.jobs.occurrenceNotUnscheduled' },
  occurrenceDeleted: { id: 'problems.jobs.occurrenceDeleted' },
  noFlexibleWindow: { id: 'problems.jobs.recurringNoWindow' },
});

export { occurrenceKeyOf } from './timeshift.js';

/** A job written in a scope: in this transaction, by whom, in the workspace's zone, from the job as loaded at the version the client edited. */
export interface SeriesEdit {
  trx: Transaction<Database>;
  actor: Actor;
  zone: string;
  current: LoadedJob;
  version: number;
}

/**
 * Edits a one-off job, or a whole series. With `occurrenceKey`, start/end are that occurrence's new
 * times and the series shifts by the same wall-clock amount (weekdays of BYDAY move along).
 */
export async function editWhole(edit: SeriesEdit, patch: JobPatch, occurrenceKey: number | null) {
  const { trx, actor, zone, current, version } = edit;
  const base = draftOf(current);
  const allDay = patch.allDay ?? base.allDay;
  let rrule = patch.rrule !== undefined ? patch.rrule || null : base.rrule;
  const timing = { ...timingOf(base), allDay, rrule };
  // A new time keeps the window unless the patch changes it too; the merged job is checked below.
  if (patch.flexibleWindow !== undefined) timing.flexibleWindow = patch.flexibleWindow;
  if (patch.start !== undefined) timing.start = patch.start;
  if (patch.end !== undefined) timing.end = patch.end;
  const newRef = patch.start ? parseTime(patch.start, allDay) : null;
  if (newRef !== null && base.start !== null && base.end !== null && allDay === base.allDay) {
    const ref = occurrenceKey ?? base.start;
    const wallDelta = wallOf(newRef, allDay, zone) - wallOf(ref, allDay, zone);
    const newEnd = patch.end ? parseTime(patch.end, allDay) : null;
    const seriesStart = shiftByWall(base.start, wallDelta, allDay, zone);
    const duration = newEnd === null ? base.end - base.start : newEnd - newRef;
    if (occurrenceKey !== null) timing.start = formatTime(seriesStart, allDay);
    // A given end that doesn't parse stays as sent, so the check below names it.
    const endUsable = patch.end === undefined || newEnd !== null;
    if (endUsable && (occurrenceKey !== null || patch.end === undefined)) {
      timing.end = formatTime((occurrenceKey !== null ? seriesStart : newRef) + duration, allDay);
    }
    const days = dayDelta(ref, newRef, allDay, zone);
    if (base.rrule && rrule && patch.rrule === undefined && days !== 0) rrule = formatShifted(rrule, days);
    timing.rrule = rrule;
  }
  const { start, end, flexibleWindow } = checkTiming(timing, zone);
  const fields = await applyFields(trx, actor.workspaceId, base, patch);
  const draft = { ...fields, start, end, allDay, rrule, flexibleWindow };
  draft.status = autoStatus(base.status, draft);

  let exceptions = current.exceptions.map(exceptionDraftOf);
  let exceptionsChanged = false;
  if (!rrule || allDay !== base.allDay || start === null) {
    exceptionsChanged = exceptions.length > 0;
    exceptions = [];
  } else if (base.start !== null && (start !== base.start || rrule !== base.rrule)) {
    const wallDelta = wallOf(start, allDay, zone) - wallOf(base.start, allDay, zone);
    exceptions = carryExceptions(exceptions, wallDelta, draft, zone);
    exceptionsChanged = true;
  }
  return saveJob(trx, actor, zone, {
    id: current.row.id,
    draft,
    expected: version,
    exceptions,
    exceptionsChanged,
    assigneesChanged: patch.assigneeIds !== undefined,
  });
}

const occurrenceFields = new Set(['start', 'end', 'assigneeIds']);
/** A series has no flexible window: clearing it is no change at all. */
const noChange = (patch: JobPatch, key: string) => key === 'flexibleWindow' && patch.flexibleWindow === null;

/** Scope `this`: the occurrence moves and/or gets its own technicians (an exception "moved"). */
export async function editOccurrence(edit: SeriesEdit, patch: JobPatch, key: number): Promise<JobChange> {
  const { trx, actor, zone, current, version } = edit;
  const others = Object.keys(patch).filter((k) => !occurrenceFields.has(k) && !noChange(patch, k));
  if (others.length > 0) {
    const message = 'Only the time and technicians of one occurrence can change: choose all or following occurrences';
    throw invalid(others.map((path) => textedFieldError(path, text(refusals.onlyTime), message)));
  }
  if (patch.start === null || patch.end === null) {
    throw fieldError(patch.start === null ? 'start' : 'end', text(refusals.notUnscheduled));
  }
  const base = draftOf(current);
  const exceptions = current.exceptions.map(exceptionDraftOf);
  const existing = exceptions.find((e) => e.key === key);
  if (existing?.kind === 'cancelled') throw fieldError('occurrence', text(refusals.occurrenceDeleted));
  const duration = (base.end ?? 0) - (base.start ?? 0);
  const curStart = existing?.start ?? key;
  const curEnd = existing?.end ?? key + duration;
  const newStart = patch.start ? parseTime(patch.start, base.allDay) : null;
  const timing = {
    start: patch.start ?? formatTime(curStart, base.allDay),
    end: patch.end ?? formatTime(newStart === null ? curEnd : newStart + (curEnd - curStart), base.allDay),
    allDay: base.allDay,
    rrule: null,
  };
  const { start, end } = checkTiming(timing, zone);
  let assigneeIds = existing?.assigneeIds ?? null;
  if (patch.assigneeIds !== undefined) {
    await checkAssignees(trx, actor.workspaceId, patch.assigneeIds);
    assigneeIds = patch.assigneeIds.join() === base.assigneeIds.join() ? null : patch.assigneeIds;
  }
  // Times are kept only when they differ from the occurrence's own, so a later shift of the whole
  // series still moves an occurrence that only has its own technicians or status.
  const moved = start !== key || end !== key + duration;
  const status = existing?.status ?? null;
  const next = {
    key,
    kind: 'moved' as const,
    start: moved ? start : null,
    end: moved ? end : null,
    assigneeIds,
    status,
  };
  const plain = !moved && assigneeIds === null && status === null;
  const rest = exceptions.filter((e) => e.key !== key);
  const saved = await saveJob(trx, actor, zone, {
    id: current.row.id,
    draft: base,
    expected: version,
    // Back at its original time with nothing else different: no exception needed.
    exceptions: plain ? rest : [...rest, next],
    exceptionsChanged: true,
    assigneesChanged: false,
  });
  return { jobs: [presentJob(saved)], deletedIds: [] };
}

/**
 * Scope `following`: the old series ends just before the occurrence (COUNT becomes UNTIL) and a
 * new series starts there with the changes (like Google Calendar). From the first occurrence it
 * is the same as `all`.
 */
export async function editFollowing(edit: SeriesEdit, patch: JobPatch, key: number): Promise<JobChange> {
  const { trx, actor, zone, current, version } = edit;
  const base = draftOf(current);
  // The new series is a series too (and a one-off made of it starts without one).
  if (patch.flexibleWindow) {
    throw fieldError('flexibleWindow', text(refusals.noFlexibleWindow));
  }
  const series = { start: base.start ?? 0, end: base.end ?? 0, allDay: base.allDay, rrule: base.rrule ?? '' };
  const before = countBefore(series, zone, key);
  if (before === 0) {
    const saved = await editWhole(edit, patch, key);
    return { jobs: [presentJob(saved)], deletedIds: [] };
  }
  const rule = ruleOf(series.rrule);
  const allDay = patch.allDay ?? base.allDay;
  const duration = series.end - series.start;
  const newStart = patch.start ? parseTime(patch.start, allDay) : allDay === base.allDay ? key : null;
  const timing = {
    start: patch.start !== undefined ? patch.start : formatTime(newStart, allDay),
    end:
      patch.end !== undefined
        ? patch.end
        : formatTime(newStart === null || allDay !== base.allDay ? null : newStart + duration, allDay),
    allDay,
    rrule: patch.rrule !== undefined ? patch.rrule || null : formatRule(ruleContinuing(rule, before)),
  };
  const sameUnits = allDay === base.allDay && newStart !== null;
  if (patch.rrule === undefined && sameUnits) {
    timing.rrule = formatShifted(timing.rrule ?? '', dayDelta(key, newStart, allDay, zone));
  }
  const { start, end } = checkTiming(timing, zone);
  const draft = {
    ...(await applyFields(trx, actor.workspaceId, base, patch)),
    start,
    end,
    allDay,
    rrule: timing.rrule,
    flexibleWindow: null,
  };
  draft.status = autoStatus(base.status === 'scheduled' ? 'scheduled' : 'unscheduled', draft);

  const exceptions = current.exceptions.map(exceptionDraftOf);
  const later = exceptions.filter((e) => e.key >= key);
  const wallDelta = sameUnits && start !== null ? wallOf(start, allDay, zone) - wallOf(key, allDay, zone) : 0;
  const created = await saveJob(trx, actor, zone, {
    id: newId(),
    draft,
    expected: null,
    exceptions: sameUnits ? carryExceptions(later, wallDelta, draft, zone) : [],
    exceptionsChanged: true,
    assigneesChanged: true,
  });
  const old = await saveJob(trx, actor, zone, {
    id: current.row.id,
    draft: { ...base, rrule: formatRule(ruleEndingBefore(rule, key, base.allDay)) },
    expected: version,
    exceptions: exceptions.filter((e) => e.key < key),
    exceptionsChanged: later.length > 0,
    assigneesChanged: false,
  });
  return { jobs: [presentJob(old), presentJob(created)], deletedIds: [] };
}

/** DELETE scope `this`: the occurrence is cancelled (an exception), the series stays. */
export async function deleteOccurrence(edit: SeriesEdit, key: number): Promise<JobChange> {
  const { trx, actor, zone, current, version } = edit;
  const rest = current.exceptions.map(exceptionDraftOf).filter((e) => e.key !== key);
  const cancelled = { key, kind: 'cancelled' as const, start: null, end: null, assigneeIds: null, status: null };
  const saved = await saveJob(trx, actor, zone, {
    id: current.row.id,
    draft: draftOf(current),
    expected: version,
    exceptions: [...rest, cancelled],
    exceptionsChanged: true,
    assigneesChanged: false,
  });
  return { jobs: [presentJob(saved)], deletedIds: [] };
}

/** DELETE scope `following`: the series ends before the occurrence (all of it from the first). */
export async function deleteFollowing(edit: SeriesEdit, key: number): Promise<JobChange> {
  const { trx, actor, zone, current, version } = edit;
  const base = draftOf(current);
  const series = { start: base.start ?? 0, end: base.end ?? 0, allDay: base.allDay, rrule: base.rrule ?? '' };
  if (countBefore(series, zone, key) === 0) {
    await softDeleteJob(trx, actor, current.row.id, version);
    return { jobs: [], deletedIds: [current.row.id] };
  }
  const exceptions = current.exceptions.map(exceptionDraftOf);
  const saved = await saveJob(trx, actor, zone, {
    id: current.row.id,
    draft: { ...base, rrule: formatRule(ruleEndingBefore(ruleOf(series.rrule), key, base.allDay)) },
    expected: version,
    exceptions: exceptions.filter((e) => e.key < key),
    exceptionsChanged: true,
    assigneesChanged: false,
  });
  return { jobs: [presentJob(saved)], deletedIds: [] };
}
