import type { ChecklistItem } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A visit's notes and answered checklists, as a spreadsheet row shows them (docs/PRODUCT.md, "Export"). */
export interface VisitSummary {
  notes: string[];
  checklists: { name: string; items: ChecklistItem[]; answers: Record<string, unknown> }[];
}

/** `jobId:occurrenceKey` (0 for a one-off job), the key of `visitSummaries`' answer. */
export const visitSummaryKey = (jobId: string, occurrenceKey: number) => `${jobId}:${occurrenceKey}`;

/** The notes and checklists of every visit of these jobs, read in two queries instead of two per visit. */
export async function visitSummaries(
  db: Kysely<Database>,
  workspaceId: string,
  jobIds: readonly string[],
): Promise<Map<string, VisitSummary>> {
  const out = new Map<string, VisitSummary>();
  if (jobIds.length === 0) return out;
  const entry = (jobId: string, key: number) => {
    const k = visitSummaryKey(jobId, Number(key));
    let summary = out.get(k);
    if (!summary) {
      summary = { notes: [], checklists: [] };
      out.set(k, summary);
    }
    return summary;
  };
  const [notes, checklists] = await Promise.all([
    db
      .selectFrom('visit_notes')
      .select(['job_id', 'occurrence_key', 'body'])
      .where('workspace_id', '=', workspaceId)
      .where('job_id', 'in', [...jobIds])
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('visit_checklists')
      .select(['job_id', 'occurrence_key', 'name', 'items', 'answers'])
      .where('workspace_id', '=', workspaceId)
      .where('job_id', 'in', [...jobIds])
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  for (const n of notes) entry(n.job_id, n.occurrence_key).notes.push(n.body);
  for (const c of checklists) {
    entry(c.job_id, c.occurrence_key).checklists.push({
      name: c.name,
      items: JSON.parse(c.items) as ChecklistItem[],
      answers: JSON.parse(c.answers) as Record<string, unknown>,
    });
  }
  return out;
}
