import {
  dayMs,
  instantToWall,
  parseDateOnly,
  type SlotSuggestions,
  type SuggestQuery,
  suggestLimits,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { findJobRow } from '../jobs/index.js';
import { workspaceSchedule } from '../workspaces/index.js';
import type { TravelProvider } from './provider.js';
import { suggestForSite } from './site-slots.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  scheduled: { id: 'problems.suggest.onlyUnscheduled' },
  site: { id: 'problems.suggest.needsSite' },
  from: { id: 'problems.booking.fromDate' },
});

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The three best (technician, start) options for an unscheduled job with a site, from the site
 * search every slot suggestion shares (site-slots.ts).
 */
export async function suggestForJob(
  db: Kysely<Database>,
  provider: TravelProvider,
  actor: Actor,
  jobId: string,
  query: SuggestQuery,
  now = Date.now(),
): Promise<SlotSuggestions> {
  const [job, workspace] = await Promise.all([
    findJobRow(db, actor.workspaceId, jobId),
    workspaceSchedule(db, actor.workspaceId),
  ]);
  if (!job) throw notFound('Job');
  if (job.start_at !== null || job.status !== 'unscheduled') {
    throw fieldError('id', text(refusals.scheduled));
  }
  if (job.lat === null || job.lng === null) {
    throw fieldError('lat', text(refusals.site));
  }
  const zone = workspace.time_zone;
  const today = Math.floor(instantToWall(zone, now) / dayMs) * dayMs;
  const first = query.from === undefined ? today : parseDateOnly(query.from);
  if (first === null) throw fieldError('from', text(refusals.from));
  const site = { lat: Number(job.lat), lng: Number(job.lng) };
  const { slots, outsideServiceAreas, source, notice } = await suggestForSite(db, provider, {
    workspaceId: actor.workspaceId,
    site,
    durationMinutes: query.durationMinutes,
    firstDate: first,
    days: query.days,
    technicianIds: null,
    notBefore: now,
  });
  return {
    options: slots.slice(0, suggestLimits.options).map((s) => ({
      memberId: s.memberId,
      start: new Date(s.start).toISOString(),
      end: new Date(s.end).toISOString(),
      addedTravelMinutes: round1(s.addedS / 60),
      addedDistanceKm: round1(s.addedM / 1000),
      ...(s.after !== undefined && { after: s.after }),
      ...(s.before !== undefined && { before: s.before }),
    })),
    durationMinutes: query.durationMinutes,
    outsideServiceAreas,
    source,
    ...(notice !== undefined && { notice }),
  };
}
