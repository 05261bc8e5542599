import { type FieldError, type JobStatus, type JobStatusChange, occurrenceStatus } from '@fieldplan/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, fieldError, notFound } from '../../errors/app-error.js';
import { type LocalText, localText, type Texted, text, withEnglish } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { workspaceZone } from '../workspaces/index.js';
import { draftOf } from './draft.js';
import { assertOwnJob, assertTransition } from './policy.js';
import { presentJob } from './presenter.js';
import { loadJob } from './queries.js';
import { checkJobVersion, exceptionDraftOf, saveJob } from './store.js';
import { occurrenceKeyOf } from './timeshift.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  unfinished: { id: 'problems.jobs.unfinishedRecord' },
  onlyRecurring: { id: 'problems.jobs.onlyRecurringOccurrences' },
  occurrenceDeleted: { id: 'problems.jobs.occurrenceDeleted' },
});

/** Told of every visit's new status inside the transaction (the tracking links and the work record hook in here). */
export type VisitStatusHook = (
  trx: Transaction<Database>,
  actor: Actor,
  change: {
    workspaceId: string;
    jobId: string;
    occurrenceKey: number | null;
    status: JobStatus;
    assigneeIds: string[];
  },
) => Promise<void>;

/**
 * Makes a VisitStatusHook before the status change's transaction opens: making it may read on the root
 * connection (tracking's sealing key), which on SQLite would wait for itself inside the transaction.
 */
export type VisitStatusHookMaker = () => Promise<VisitStatusHook>;

/**
 * What stops a visit from being completed (the work record's required items and signature), asked
 * inside the transaction; `occurrenceKey` null is a one-off job or a whole series. Handed in where the
 * routes are wired, so this module knows no work record (docs/adr/0025-work-record.md).
 */
export type CompletionCheck = (
  trx: Transaction<Database>,
  visit: { workspaceId: string; jobId: string; occurrenceKey: number | null },
) => Promise<FieldError[]>;

/** 409 invalid_transition naming every item that still stops the visit from being completed. */
async function assertCompletable(
  trx: Transaction<Database>,
  check: CompletionCheck | undefined,
  to: JobStatus,
  visit: { workspaceId: string; jobId: string; occurrenceKey: number | null },
): Promise<void> {
  if (to !== 'completed' || !check) return;
  const errors = await check(trx, visit);
  if (errors.length === 0) return;
  const what = errors.map((e) => e.message.replace(/ is required$/, '')).join(', ');
  // In another language each item's own message, as its checklist words it.
  const local: LocalText = (intl) =>
    intl.formatMessage(refusals.unfinished, {
      what: errors.map((e: Texted<FieldError>) => e[localText]?.(intl) ?? e.message).join('; '),
    });
  const english = `Finish the work record before completing: ${what} still missing`;
  throw new AppError('invalid_transition', english, { errors }, withEnglish(english, local));
}

/**
 * `POST …/jobs/:id/status`: moves a job — or one occurrence of a recurring job, stored as its
 * exception — along the state machine of docs/PRODUCT.md, "States and transitions".
 */
export async function changeStatus(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  version: number,
  body: JobStatusChange,
  onVisit?: VisitStatusHook,
  completion?: CompletionCheck,
) {
  return db.transaction().execute(async (trx) => {
    const current = await loadJob(trx, actor.workspaceId, id);
    if (!current) throw notFound('Job');
    const zone = await workspaceZone(trx, actor.workspaceId);
    const draft = draftOf(current);
    const exceptions = current.exceptions.map(exceptionDraftOf);

    if (body.occurrence === undefined || !draft.rrule) {
      if (body.occurrence !== undefined) throw fieldError('occurrence', text(refusals.onlyRecurring));
      assertOwnJob(actor, draft.assigneeIds);
      checkJobVersion(current, version);
      const whole = { status: draft.status, start: draft.start, assigneeIds: draft.assigneeIds };
      assertTransition(actor, { ...whole, wholeSeries: Boolean(draft.rrule) }, body.status);
      await assertCompletable(trx, completion, body.status, {
        workspaceId: actor.workspaceId,
        jobId: id,
        occurrenceKey: null,
      });
      const saved = await saveJob(trx, actor, zone, {
        id,
        draft: { ...draft, status: body.status },
        expected: version,
        exceptions,
        exceptionsChanged: false,
        assigneesChanged: false,
      });
      const visit = { workspaceId: actor.workspaceId, jobId: id, occurrenceKey: null, status: body.status };
      await onVisit?.(trx, actor, { ...visit, assigneeIds: draft.assigneeIds });
      return presentJob(saved);
    }

    const key = occurrenceKeyOf(body.occurrence, current, zone);
    const existing = exceptions.find((e) => e.key === key);
    if (existing?.kind === 'cancelled') throw fieldError('occurrence', text(refusals.occurrenceDeleted));
    const assignees = existing?.assigneeIds ?? draft.assigneeIds;
    assertOwnJob(actor, assignees);
    checkJobVersion(current, version);
    const from = occurrenceStatus(draft.status, existing?.status ?? null, assignees.length > 0);
    assertTransition(actor, { status: from, start: key, assigneeIds: assignees }, body.status);
    await assertCompletable(trx, completion, body.status, {
      workspaceId: actor.workspaceId,
      jobId: id,
      occurrenceKey: key,
    });
    const next = {
      key,
      kind: 'moved' as const,
      start: existing?.start ?? null,
      end: existing?.end ?? null,
      assigneeIds: existing?.assigneeIds ?? null,
      status: body.status,
    };
    const saved = await saveJob(trx, actor, zone, {
      id,
      draft,
      expected: version,
      exceptions: [...exceptions.filter((e) => e.key !== key), next],
      exceptionsChanged: true,
      assigneesChanged: false,
    });
    await onVisit?.(trx, actor, {
      workspaceId: actor.workspaceId,
      jobId: id,
      occurrenceKey: key,
      status: body.status,
      assigneeIds: assignees,
    });
    return presentJob(saved);
  });
}
