import type { ArchiveLine, JobStatus } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { rowsOfWorkspace } from '../../db/workspace-rows.js';
import type { DumpState } from './dump.js';
import { n, nn, visitRef } from './line-values.js';
import { type PagedRow, rowsOf, workspacePages } from './paging.js';

/** Live jobs with their technicians and exceptions, a page at a time (docs/adr/0035). */
export async function* jobLines(db: Kysely<Database>, workspaceId: string, state: DumpState) {
  for await (const rows of workspacePages(db, 'jobs', workspaceId, { live: true })) {
    const ids = rows.map((r) => r.id);
    const [assignees, exceptions] = await Promise.all([
      db.selectFrom('job_assignees').selectAll().where('job_id', 'in', ids).orderBy('position').execute(),
      db.selectFrom('job_exceptions').selectAll().where('job_id', 'in', ids).orderBy('occurrence_key').execute(),
    ]);
    for (const j of rows) {
      state.jobs.add(j.id);
      yield {
        id: j.id,
        customerId: j.customer_id && state.customers.has(j.customer_id) ? j.customer_id : null,
        title: j.title,
        description: j.description,
        address: j.address,
        lat: nn(j.lat),
        lng: nn(j.lng),
        start: nn(j.start_at),
        end: nn(j.end_at),
        allDay: n(j.all_day) === 1,
        status: j.status as JobStatus,
        priority: n(j.priority),
        rrule: j.rrule,
        spanStart: nn(j.span_start_at),
        spanEnd: nn(j.span_end_at),
        flexStart: nn(j.flex_start_at),
        flexEnd: nn(j.flex_end_at),
        assigneeIds: assignees.filter((a) => a.job_id === j.id).map((a) => a.member_id),
        exceptions: exceptions
          .filter((e) => e.job_id === j.id)
          .map((e) => ({
            occurrenceKey: n(e.occurrence_key),
            kind: e.kind,
            start: nn(e.start_at),
            end: nn(e.end_at),
            assigneeIds: e.assignee_ids === null ? null : (JSON.parse(e.assignee_ids) as string[]),
            status: e.status as JobStatus | null,
            createdAt: n(e.created_at),
          })),
        createdBy: j.created_by ? (state.members.get(j.created_by) ?? null) : null,
        version: n(j.version),
        createdAt: n(j.created_at),
        updatedAt: n(j.updated_at),
      } satisfies ArchiveLine<'jobs'>;
    }
  }
}

/** A work-record table's rows of the workspace in id order whose job was written. */
async function* recordRows<T extends 'visit_notes' | 'visit_checklists'>(
  db: Kysely<Database>,
  table: T,
  workspaceId: string,
  state: DumpState,
): AsyncGenerator<PagedRow[T]> {
  for await (const r of rowsOf(workspacePages(db, table, workspaceId))) {
    // Both tables have job_id; TypeScript does not see it through the table's type parameter.
    if (state.jobs.has((r as { job_id: string }).job_id)) yield r;
  }
}

export async function* jobChecklistLines(db: Kysely<Database>, workspaceId: string, state: DumpState) {
  const rows = await rowsOfWorkspace(db, 'job_checklists', workspaceId);
  for (const r of rows) {
    if (!state.jobs.has(r.job_id) || !state.templates.has(r.template_id)) continue;
    yield {
      jobId: r.job_id,
      templateId: r.template_id,
      position: n(r.position),
    } satisfies ArchiveLine<'job-checklists'>;
  }
}

export async function* noteLines(db: Kysely<Database>, workspaceId: string, state: DumpState) {
  const rows = recordRows(db, 'visit_notes', workspaceId, state);
  for await (const r of rows) {
    yield {
      id: r.id,
      ...visitRef(r),
      authorId: r.author_id,
      body: r.body,
      version: n(r.version),
      createdAt: n(r.created_at),
      updatedAt: n(r.updated_at),
    } satisfies ArchiveLine<'notes'>;
  }
}

export async function* checklistLines(db: Kysely<Database>, workspaceId: string, state: DumpState) {
  const rows = recordRows(db, 'visit_checklists', workspaceId, state);
  for await (const r of rows) {
    yield {
      id: r.id,
      ...visitRef(r),
      templateId: r.template_id,
      name: r.name,
      items: JSON.parse(r.items),
      signature: r.signature as 'none' | 'optional' | 'required',
      answers: JSON.parse(r.answers) as Record<string, unknown>,
      answerVersions: JSON.parse(r.answer_versions) as Record<string, number>,
      version: n(r.version),
      updatedAt: n(r.updated_at),
      updatedBy: r.updated_by,
    } satisfies ArchiveLine<'checklists'>;
  }
}

export async function* statusTimeLines(db: Kysely<Database>, workspaceId: string, state: DumpState) {
  const rows = await rowsOfWorkspace(db, 'visit_status_times', workspaceId);
  for (const r of rows) {
    if (!state.jobs.has(r.job_id)) continue;
    yield {
      ...visitRef(r),
      status: r.status as JobStatus,
      at: n(r.at),
      memberId: r.member_id,
    } satisfies ArchiveLine<'status-times'>;
  }
}
