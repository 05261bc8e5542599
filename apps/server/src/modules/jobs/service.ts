import type { EditScopeQuery, JobChange, JobCreate, JobListQuery, JobPatch } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { lockChangeLog } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { fieldError, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { newId } from '../../lib/ids.js';
import { workspaceZone } from '../workspaces/index.js';
import { applyFields, autoStatus, checkTiming, type JobDraft } from './draft.js';
import { presentJob } from './presenter.js';
import { listJobs, loadJob, withDetails } from './queries.js';
import {
  deleteFollowing,
  deleteOccurrence,
  editFollowing,
  editOccurrence,
  editWhole,
  occurrenceKeyOf,
} from './series.js';
import { checkJobVersion, saveJob, softDeleteJob } from './store.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  noScope: { id: 'problems.jobs.scopeOnlyRecurring' },
  occurrenceRequired: { id: 'problems.jobs.occurrenceForScope' },
});

export async function getJob(db: Kysely<Database>, actor: Actor, id: string) {
  const job = await loadJob(db, actor.workspaceId, id);
  if (!job) throw notFound('Job');
  return presentJob(job);
}

export async function getJobs(db: Kysely<Database>, actor: Actor, query: JobListQuery) {
  const page = await listJobs(db, actor.workspaceId, query);
  const items = (await withDetails(db, page.rows)).map(presentJob);
  return { items, total: page.total, nextCursor: page.nextCursor };
}

export async function createJob(db: Kysely<Database>, actor: Actor, input: JobCreate) {
  return db.transaction().execute(async (trx) => {
    const zone = await workspaceZone(trx, actor.workspaceId);
    const rrule = input.rrule || null;
    const timing = { start: input.start, end: input.end, allDay: input.allDay, rrule };
    const { start, end, flexibleWindow } = checkTiming({ ...timing, flexibleWindow: input.flexibleWindow }, zone);
    const empty: JobDraft = {
      title: input.title,
      description: input.description,
      customerId: null,
      address: '',
      lat: null,
      lng: null,
      start,
      end,
      allDay: input.allDay,
      priority: input.priority,
      assigneeIds: [],
      rrule,
      status: 'unscheduled',
      flexibleWindow,
    };
    const draft = await applyFields(trx, actor.workspaceId, empty, {
      customerId: input.customerId ?? null,
      assigneeIds: input.assigneeIds,
      ...(input.address && { address: input.address, lat: input.lat ?? null, lng: input.lng ?? null }),
    });
    draft.status = autoStatus('unscheduled', draft);
    const saved = await saveJob(trx, actor, zone, {
      id: newId(),
      draft,
      expected: null,
      exceptions: [],
      exceptionsChanged: false,
      assigneesChanged: true,
    });
    return presentJob(saved);
  });
}

/**
 * PATCH: a one-off job, or a recurring one in the chosen scope — `all` edits the series (a time
 * shift moves every occurrence), `this` writes an exception, `following` splits the series.
 */
export async function updateJob(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  version: number,
  patch: JobPatch,
  query: EditScopeQuery,
): Promise<JobChange> {
  return db.transaction().execute(async (trx) => {
    const current = await loadJob(trx, actor.workspaceId, id);
    if (!current) throw notFound('Job');
    checkJobVersion(current, version);
    const zone = await workspaceZone(trx, actor.workspaceId);
    const scope = scopeOf(current.row.rrule !== null, query);
    const key = current.row.rrule && query.occurrence ? occurrenceKeyOf(query.occurrence, current, zone) : null;
    const edit = { trx, actor, zone, current, version };
    if (scope === 'all') {
      const saved = await editWhole(edit, patch, key);
      return { jobs: [presentJob(saved)], deletedIds: [] };
    }
    if (key === null) throw occurrenceRequired();
    if (scope === 'this') return editOccurrence(edit, patch, key);
    return editFollowing(edit, patch, key);
  });
}

/** DELETE (soft), in the chosen scope for a recurring job. */
export async function deleteJob(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  version: number,
  query: EditScopeQuery,
): Promise<JobChange> {
  return db.transaction().execute(async (trx) => {
    // The change log's row first, as deciding a booking request takes it: deleting a request's job
    // declines the request in this transaction, and one lock order leaves no deadlock (docs/adr/0030).
    await lockChangeLog(trx, actor.workspaceId);
    const current = await loadJob(trx, actor.workspaceId, id);
    if (!current) throw notFound('Job');
    checkJobVersion(current, version);
    const zone = await workspaceZone(trx, actor.workspaceId);
    const scope = scopeOf(current.row.rrule !== null, query);
    if (scope === 'all') {
      await softDeleteJob(trx, actor, id, version);
      return { jobs: [], deletedIds: [id] };
    }
    if (!query.occurrence) throw occurrenceRequired();
    const edit = { trx, actor, zone, current, version };
    const key = occurrenceKeyOf(query.occurrence, current, zone);
    if (scope === 'this') return deleteOccurrence(edit, key);
    return deleteFollowing(edit, key);
  });
}

function scopeOf(recurring: boolean, query: EditScopeQuery) {
  const scope = query.scope ?? 'all';
  if (!recurring && scope !== 'all') throw fieldError('scope', text(refusals.noScope));
  return scope;
}

const occurrenceRequired = () => fieldError('occurrence', text(refusals.occurrenceRequired));
