import {
  type DateFormat,
  defaultClock,
  fallbackLocale,
  isLocale,
  type JobStatus,
  type TimeFormat,
  type TrackingLink,
  type TrackingPage,
  trackingChannel,
} from '@fieldplan/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../http/workspace-access.js';
import { iso, newId } from '../../lib/ids.js';
import { findCustomer } from '../customers/index.js';
import { loadJob } from '../jobs/index.js';
import { findWorkspace } from '../workspaces/index.js';
import type { TrackingContext } from './context.js';
import { noteLinksChanged } from './publish.js';
import {
  closeLinks,
  insertLink,
  type LinkRow,
  linkByHash,
  linkById,
  openLinksOfJob,
  openLinksOfVisit,
} from './queries.js';
import { lookupHash, newToken, unseal } from './tokens.js';
import { expiresAt, trackingView, visitWindow } from './view.js';
import { visitFacts } from './visit-facts.js';

/** One visit's status change, as the jobs module reports it inside its transaction. */
export interface VisitStatusChange {
  workspaceId: string;
  jobId: string;
  /** The occurrence's key for one visit of a series; null for a one-off job or the whole series. */
  occurrenceKey: number | null;
  status: JobStatus;
  assigneeIds: readonly string[];
}

const finished: JobStatus[] = ['completed', 'cancelled'];

/**
 * The tracking side of a status change, in the same transaction: going en route opens the visit's
 * link (one per visit: an open one is kept); completing or cancelling ends it. The links' pages are
 * told after commit.
 */
export async function onVisitStatus(
  trx: Transaction<Database>,
  context: TrackingContext,
  actor: Actor,
  change: VisitStatusChange,
  now = Date.now(),
): Promise<void> {
  const whole = change.occurrenceKey === null;
  const open = whole
    ? await openLinksOfJob(trx, change.workspaceId, change.jobId)
    : await openLinksOfVisit(trx, change.workspaceId, change.jobId, change.occurrenceKey);
  const touched = open.map((l) => l.id);
  if (finished.includes(change.status)) {
    await closeLinks(trx, touched, 'ended_at', now);
  } else if (change.status === 'en_route' && !open.some((l) => l.occurrence_key === change.occurrenceKey)) {
    const memberId = change.assigneeIds.includes(actor.memberId) ? actor.memberId : change.assigneeIds[0];
    if (memberId) {
      const id = newId();
      const token = newToken(context.key);
      await insertLink(trx, {
        id,
        workspace_id: change.workspaceId,
        job_id: change.jobId,
        occurrence_key: change.occurrenceKey,
        member_id: memberId,
        token_hash: token.hash,
        token_sealed: token.sealed,
        created_by: actor.userId,
        created_at: now,
        ended_at: null,
        revoked_at: null,
      });
      touched.push(id);
    }
  }
  noteLinksChanged(touched, context.travel);
}

/** `GET /api/v1/track/:token`: the page's view, or 404 for a token that is not (or no longer) a live link. */
export async function publicTrackingPage(
  db: Kysely<Database>,
  context: TrackingContext,
  token: string,
): Promise<TrackingPage> {
  const hash = lookupHash(token);
  const link = hash ? await linkByHash(db, hash) : undefined;
  const view = link ? await trackingView(db, link, context.travel) : null;
  if (!link || !view) throw notFound('This tracking link');
  return { ...view, channel: trackingChannel(link.token_hash), ...(await howThePageSpeaks(db, link)) };
}

/** The customer's language, else the business's, and the business's clock (docs/adr/0042-languages.md). */
async function howThePageSpeaks(db: Kysely<Database>, link: LinkRow) {
  const [job, workspace] = await Promise.all([
    loadJob(db, link.workspace_id, link.job_id),
    findWorkspace(db, link.workspace_id),
  ]);
  const customerId = job?.row.customer_id;
  const customer = customerId ? await findCustomer(db, link.workspace_id, customerId) : undefined;
  const language = customer?.language ?? workspace?.language;
  return {
    language: isLocale(language) ? language : fallbackLocale,
    timeFormat: (workspace?.time_format ?? defaultClock.timeFormat) as TimeFormat,
    dateFormat: (workspace?.date_format ?? defaultClock.dateFormat) as DateFormat,
  };
}

async function presentLink(
  db: Kysely<Database>,
  context: TrackingContext,
  link: LinkRow,
  baseUrl: string,
): Promise<TrackingLink | null> {
  const token = unseal(context.key, link.token_sealed);
  const facts = await visitFacts(db, link);
  const window = facts ? visitWindow(link, facts) : null;
  if (!token || !window) return null;
  return {
    id: link.id,
    jobId: link.job_id,
    occurrence: link.occurrence_key === null ? null : iso(Number(link.occurrence_key)),
    url: `${baseUrl}/track/${token}`,
    createdAt: iso(Number(link.created_at)),
    expiresAt: iso(expiresAt(window)),
  };
}

/** The job's links that still work, for dispatchers to copy (a foreign or unknown job is 404). */
export async function jobTrackingLinks(
  db: Kysely<Database>,
  context: TrackingContext,
  actor: Actor,
  jobId: string,
  baseUrl: string,
  now = Date.now(),
): Promise<TrackingLink[]> {
  if (!(await loadJob(db, actor.workspaceId, jobId))) throw notFound('Job');
  const out: TrackingLink[] = [];
  for (const link of await openLinksOfJob(db, actor.workspaceId, jobId)) {
    if (!(await trackingView(db, link, context.travel, now))) continue;
    const presented = await presentLink(db, context, link, baseUrl);
    if (presented) out.push(presented);
  }
  return out;
}

/** A dispatcher revokes a link: it answers 404 from now on and its page is told. */
export async function revokeTrackingLink(
  db: Kysely<Database>,
  context: TrackingContext,
  actor: Actor,
  id: string,
  now = Date.now(),
): Promise<void> {
  const link = await linkById(db, actor.workspaceId, id);
  if (!link || link.revoked_at !== null) throw notFound('Tracking link');
  await closeLinks(db, [link.id], 'revoked_at', now);
  noteLinksChanged([link.id], context.travel);
}

/**
 * The customer's tracking URL of one visit (occurrence key null: a one-off job), or null when no
 * link is open — for the "on my way" message, read when it is sent so the token is never stored twice.
 */
export async function visitTrackingUrl(
  db: Kysely<Database>,
  context: TrackingContext,
  visit: { workspaceId: string; jobId: string; occurrenceKey: number | null },
  baseUrl: string,
): Promise<string | null> {
  const [link] = await openLinksOfVisit(db, visit.workspaceId, visit.jobId, visit.occurrenceKey);
  const token = link ? unseal(context.key, link.token_sealed) : null;
  return token ? `${baseUrl}/track/${token}` : null;
}
