import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { scheduledJobRows, withDetails } from '../../jobs/index.js';
import { findMember } from '../../members/index.js';
import { workspaceExportState } from '../../workspaces/index.js';
import type { FeedTokenRow } from '../presenter.js';
import { exportCalendar } from './calendar.js';

/** The calendar's state: it changes exactly when the workspace's change log moves on. */
export const exportState = (db: Kysely<Database>, workspaceId: string) => workspaceExportState(db, workspaceId);

/** A link's calendar is a function of the workspace's data, so its place in the change log tags it. */
export const exportEtag = (seq: number) => `"ical-${seq}"`;

/** The iCalendar text of a link (RFC 5545): every scheduled job of the workspace, or a technician's. */
export async function exportFor(db: Kysely<Database>, token: FeedTokenRow, state: { name: string; zone: string }) {
  const jobs = await withDetails(db, await scheduledJobRows(db, token.workspace_id, token.member_id));
  let name = state.name;
  if (token.member_id !== null) {
    const member = await findMember(db, token.workspace_id, token.member_id);
    if (member) name = `${state.name} – ${member.name}`;
  }
  return exportCalendar(jobs, { zone: state.zone, name, memberId: token.member_id, uidDomain: 'fieldplan' });
}
