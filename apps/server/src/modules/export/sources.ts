import {
  type ChecklistItem,
  type CustomerExportQuery,
  type Job,
  type JobExportQuery,
  matchesFilter,
  type Visit,
  type VisitExportQuery,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { rangeOf } from '../../http/range-query.js';
import type { Actor } from '../../http/workspace-access.js';
import { rangeVisits } from '../calendar/index.js';
import { listCustomers } from '../customers/index.js';
import { getJobs } from '../jobs/index.js';
import { type VisitSummary, visitSummaries, visitSummaryKey } from '../work-record/index.js';

/** Rows read per query: big enough to be quick, small enough that one page is all that is in memory. */
export const pageRows = 2000;

type CustomerRow = Awaited<ReturnType<typeof listCustomers>>['rows'][number];

/** The customers list's rows in its order (name), every word of `q` matching, a page at a time. */
export async function* customerPages(db: Kysely<Database>, workspaceId: string, query: CustomerExportQuery) {
  let cursor: string | undefined;
  do {
    const page = await listCustomers(db, workspaceId, { q: query.q, limit: pageRows, cursor, withTotal: false });
    yield page.rows as readonly CustomerRow[];
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
export type { CustomerRow };

/** The jobs list's rows in its order with its filters (status, customer, search, queue), a page at a time. */
export async function* jobPages(db: Kysely<Database>, actor: Actor, query: JobExportQuery) {
  const { format: _format, ...filters } = query;
  let offset = 0;
  for (;;) {
    const page = await getJobs(db, actor, { ...filters, limit: pageRows, offset });
    if (page.items.length > 0) yield page.items as readonly Job[];
    offset += page.items.length;
    if (page.items.length < pageRows || !page.nextCursor) return;
  }
}

export interface VisitRow {
  visit: Visit;
  summary: VisitSummary | undefined;
}

/**
 * The visits of the range that pass the calendar's filters, with their notes and checklists. The
 * range is checked (≤ 100 days) before the first byte is sent; see `checkedVisitRange`.
 */
export async function* visitPages(
  db: Kysely<Database>,
  workspaceId: string,
  zone: string,
  range: { start: number; end: number },
  query: VisitExportQuery,
) {
  const visits = (await rangeVisits(db, workspaceId, zone, range)).filter((v) =>
    matchesFilter(v, { technicianId: query.technicianId, statuses: query.status }),
  );
  for (let i = 0; i < visits.length; i += pageRows) {
    const page = visits.slice(i, i + pageRows);
    const summaries = await visitSummaries(db, workspaceId, [...new Set(page.map((v) => v.job.id))]);
    yield page.map((visit) => ({
      visit,
      summary: summaries.get(visitSummaryKey(visit.job.id, visit.occurrenceKey ?? 0)),
    }));
  }
}

/** The calendar's own range check (400 naming `start`/`end`), done before streaming starts. */
export const checkedVisitRange = (query: VisitExportQuery, zone: string) => rangeOf(query, zone);

/** A checklist's answers as one cell: `Label: answer` per item, `; ` between them. */
export function checklistText(summary: VisitSummary | undefined): string {
  if (!summary) return '';
  return summary.checklists
    .map(
      (c) =>
        `${c.name} — ${c.items.map((item) => `${item.label}: ${answerText(item, c.answers[item.id])}`).join('; ')}`,
    )
    .join('\n');
}

function answerText(item: ChecklistItem, answer: unknown): string {
  if (answer === undefined || answer === null || answer === '') return '—';
  if (item.kind === 'check') return answer === true ? 'yes' : 'no';
  if (item.kind === 'number' && item.unit) return `${String(answer)} ${item.unit}`;
  return String(answer);
}
