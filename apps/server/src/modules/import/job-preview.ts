import { importLimits, type PreviewRow } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { workspaceZone } from '../workspaces/index.js';
import { dataRows } from './data-rows.js';
import { type JobChunkDraft, jobLookups, jobRowKey, plannedJob } from './job-chunk.js';
import { jobDraft } from './job-rows.js';
import type { ImportRow } from './presenter.js';
import { doneKeys } from './queries.js';
import { sourceOf } from './source.js';

/**
 * The first job rows as the run will treat them (docs/PRODUCT.md, "Importing jobs"): skipped when
 * their key was imported before or an earlier row has it, else created or refused — and whose job
 * each becomes.
 */
export async function previewJobs(
  db: Kysely<Database>,
  row: ImportRow,
  mapping: readonly (string | null)[],
): Promise<{ rows: PreviewRow[] }> {
  const zone = await workspaceZone(db, row.workspace_id);
  const { technicians, customers } = await jobLookups(db, row.workspace_id);
  const drafts: JobChunkDraft[] = [];
  const facts = { headers: JSON.parse(row.headers) as string[], headerRow: Number(row.header_row) };
  for await (const data of dataRows(sourceOf(row), facts)) {
    drafts.push({ draft: jobDraft(data.row, data.cells, mapping, zone, technicians), shape: data.problems });
    if (drafts.length >= importLimits.previewRows) break;
  }
  const keys = drafts.map(({ draft }) => jobRowKey(row.file_hash, draft));
  const done = await doneKeys(db, row.workspace_id, 'jobs', keys);
  const rows = drafts.map(({ draft, shape }, i): PreviewRow => {
    const key = keys[i] as string;
    const planned = plannedJob(draft, shape, customers);
    if (done.has(key)) return { ...planned, problems: [], action: 'skip' };
    if (planned.action !== 'create') return planned;
    done.add(key);
    // As the run will: a customer the row creates is there for the rows after it (no id yet).
    if (planned.customer?.by === 'new' && draft.customer) {
      customers.add({ id: '', ...draft.customer, address: draft.input?.address ?? '' });
    }
    return planned;
  });
  return { rows };
}
