import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { JobRow } from '../../jobs/index.js';
import { withDetails } from '../../jobs/index.js';

import type { FeedTokenRow } from '../presenter.js';
import { exportCalendar } from './calendar.js';

/** The jobs a link exports: every scheduled job of the workspace, or those a technician has a part in. */
async function exportedJobs(db: Kysely<Database>, token: FeedTokenRow): Promise<JobRow[]> {
  let query = db
    .selectFrom('jobs')
    .leftJoin('customers', 'customers.id', 'jobs.customer_id')
    .selectAll('jobs')
    .select('customers.name as customer_name')
    .where('jobs.workspace_id', '=', token.workspace_id)
    .where('jobs.deleted_at', 'is', null)
    .where('jobs.start_at', 'is not', null);
  const member = token.member_id;
  if (member !== null) {
    query = query.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('job_assignees as a')
            .select('a.job_id')
            .whereRef('a.job_id', '=', 'jobs.id')
            .where('a.member_id', '=', member),
        ),
        // An occurrence handed to them out of someone else's series.
        eb.exists(
          eb
            .selectFrom('job_exceptions as x')
            .select('x.job_id')
            .whereRef('x.job_id', '=', 'jobs.id')
            .where('x.assignee_ids', 'like', sql<string>`${`%"${member}"%`}`),
        ),
      ]),
    );
  }
  return query.orderBy('jobs.id').execute();
}

/** The calendar's state: it changes exactly when the workspace's change log moves on. */
export async function exportState(db: Kysely<Database>, workspaceId: string) {
  const row = await db
    .selectFrom('workspaces')
    .leftJoin('workspace_seq', 'workspace_seq.workspace_id', 'workspaces.id')
    .select(['workspaces.name', 'workspaces.time_zone', 'workspace_seq.last_seq'])
    .where('workspaces.id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return { name: row.name, zone: row.time_zone, seq: Number(row.last_seq ?? 0) };
}

/** A link's calendar is a function of the workspace's data, so its place in the change log tags it. */
export const exportEtag = (seq: number) => `"ical-${seq}"`;

/** The iCalendar text of a link (RFC 5545). */
export async function exportFor(db: Kysely<Database>, token: FeedTokenRow, state: { name: string; zone: string }) {
  const jobs = await withDetails(db, await exportedJobs(db, token));
  let name = state.name;
  if (token.member_id !== null) {
    const member = await db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('users.name')
      .where('memberships.id', '=', token.member_id)
      .executeTakeFirst();
    if (member) name = `${state.name} – ${member.name}`;
  }
  return exportCalendar(jobs, { zone: state.zone, name, memberId: token.member_id, uidDomain: 'fieldplan' });
}
