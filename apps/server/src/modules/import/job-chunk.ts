import type { PreviewRow, RowProblem } from '@fieldplan/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { customerIdentities } from '../customers/index.js';
import { insertImportedJobs } from '../jobs/index.js';
import { listMembers } from '../members/index.js';
import { type ChunkOutcome, ChunkWrite } from './chunk-write.js';
import type { DataRow } from './data-rows.js';
import { type JobRowDraft, jobDraft, type Technicians } from './job-rows.js';

interface KnownCustomer {
  id: string;
  name: string;
  address: string;
}

/**
 * The customers a job row may name (docs/PRODUCT.md, "Import"): by email first, then by name
 * (case-insensitive); customers the import creates join, so a file naming one client twice makes one.
 */
export class CustomerLookup {
  private readonly byEmail = new Map<string, KnownCustomer>();
  private readonly byName = new Map<string, KnownCustomer>();

  add(c: { id: string; name: string; email: string | null; address: string }): void {
    const known = { id: c.id, name: c.name, address: c.address };
    const email = c.email?.toLowerCase();
    if (email && !this.byEmail.has(email)) this.byEmail.set(email, known);
    const name = c.name.trim().toLowerCase();
    if (name && !this.byName.has(name)) this.byName.set(name, known);
  }

  find(c: { name: string; email: string }): (KnownCustomer & { by: 'email' | 'name' }) | null {
    const byEmail = c.email ? this.byEmail.get(c.email.toLowerCase()) : undefined;
    if (byEmail) return { ...byEmail, by: 'email' };
    const byName = this.byName.get(c.name.trim().toLowerCase());
    return byName ? { ...byName, by: 'name' } : null;
  }
}

export interface JobChunkContext {
  dialect: Dialect;
  workspaceId: string;
  importId: string;
  fileHash: string;
  createdBy: string | null;
  mapping: readonly (string | null)[];
  zone: string;
  technicians: Technicians;
  customers: CustomerLookup;
  provisional: { lat: number; lng: number };
}

/** What a job import reads once before its rows: the zone's technicians and customers. */
export async function jobLookups(db: Kysely<Database>, workspaceId: string) {
  const technicians: Technicians = { byEmail: new Map(), byName: new Map() };
  for (const m of await listMembers(db, workspaceId)) {
    if (m.role !== 'technician' || m.deactivated_at !== null) continue;
    technicians.byEmail.set(m.email.toLowerCase(), m.id);
    if (!technicians.byName.has(m.name.toLowerCase())) technicians.byName.set(m.name.toLowerCase(), m.id);
  }
  const customers = new CustomerLookup();
  for (const c of await customerIdentities(db, workspaceId)) customers.add(c);
  return { technicians, customers };
}

export const jobRowKey = (fileHash: string, draft: Pick<JobRowDraft, 'row' | 'sourceId'>) =>
  draft.sourceId ? `id:${draft.sourceId}` : `row:${fileHash}:${draft.row}`;

export interface JobChunkDraft {
  draft: JobRowDraft;
  shape: RowProblem[];
}

export const jobChunkDrafts = (rows: readonly DataRow[], ctx: JobChunkContext): JobChunkDraft[] =>
  rows.map((r) => ({ draft: jobDraft(r.row, r.cells, ctx.mapping, ctx.zone, ctx.technicians), shape: r.problems }));

/** The preview's row: created or refused, and whose job it will be. */
export function plannedJob(draft: JobRowDraft, shape: RowProblem[], customers: CustomerLookup): PreviewRow {
  const problems = [...shape, ...draft.problems];
  const found = draft.customer ? customers.find(draft.customer) : null;
  const customer = found
    ? { id: found.id || null, name: found.name, by: found.by }
    : draft.customer
      ? { id: null, name: draft.customer.name, by: 'new' as const }
      : null;
  if (draft.input && !draft.input.address && !found?.address) {
    problems.push({ row: draft.row, field: 'address', message: 'Address is required (or a customer with one)' });
  }
  if (customer?.by === 'new' && problems.length === 0) problems.push(...draft.customerProblems);
  return {
    row: draft.row,
    values: draft.values,
    problems,
    match: null,
    action: problems.length > 0 ? 'refuse' : 'create',
    customer,
  };
}

/**
 * Writes one chunk of job rows in the caller's transaction: rows an earlier import (or an earlier
 * row with the same source id) wrote are skipped, rows with problems refused, the rest created —
 * with their new customers — through the jobs module's bulk path.
 */
export async function writeJobChunk(
  trx: Transaction<Database>,
  ctx: JobChunkContext,
  drafts: readonly JobChunkDraft[],
): Promise<ChunkOutcome> {
  const chunk = await ChunkWrite.begin(trx, ctx, 'jobs', drafts, ({ draft }) => jobRowKey(ctx.fileHash, draft));
  const jobs: Parameters<typeof insertImportedJobs>[4][number][] = [];
  for (const { item, key, planned, input } of chunk.rows(({ draft, shape }) =>
    plannedJob(draft, shape, ctx.customers),
  )) {
    const { draft } = item;
    // Looked up before a new customer joins the lookup: a job without an address takes its customer's.
    const existing = draft.customer ? ctx.customers.find(draft.customer) : null;
    let customerId = planned.customer?.id ?? null;
    if (planned.customer && customerId === null && draft.customer) {
      customerId = newId();
      const fields = {
        name: draft.customer.name,
        email: draft.customer.email || null,
        phone: draft.customer.phone || null,
        address: input.address,
        notes: '',
      };
      // Geocoding places the new customer like an imported one (docs/adr/0034-import.md).
      const place = { query: input.address, city: '', country: '' };
      chunk.createCustomer(`customer:${key}`, draft.row, { id: customerId, ...fields }, input, place);
      ctx.customers.add({ id: customerId, ...fields });
    }
    const address = input.address || existing?.address || '';
    const id = newId();
    jobs.push({
      id,
      customerId,
      title: input.title,
      description: input.description,
      address,
      lat: input.lat,
      lng: input.lng,
      start: input.start,
      end: input.end,
      priority: input.priority,
      assigneeIds: input.assigneeIds,
      status: input.status ?? 'unscheduled',
    });
    chunk.outcome.created++;
    chunk.keep(key, draft.row, id, 'created');
  }
  await chunk.writeCustomers(trx);
  await insertImportedJobs(trx, ctx.workspaceId, ctx.createdBy, ctx.zone, jobs);
  return chunk.writeKeys(trx);
}
