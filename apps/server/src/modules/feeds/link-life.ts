import { can, type Role } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FeedTokenRow } from './presenter.js';

// An iCal link lives only while the people behind it could still make it. The technician it shows
// must be an active technician; the member who made it must be active and still allowed to make it
// (owners and dispatchers any link, a technician their own) — they saw the URL when they made it,
// so a link outliving their access would keep showing them jobs. A link that ends this way is
// revoked for good with the reason in words, and stays revoked if the member is reactivated or gets
// the role back: the URL may have travelled meanwhile, and a new link is one click.
// Links with no maker on record (made by the system, not through the API) answer to their
// technician only.

/** A link with the membership and name of the technician it shows and of the member who made it. */
export type LinkWithPeople = FeedTokenRow & {
  member_name: string | null;
  member_role: string | null;
  member_deactivated_at: number | null;
  creator_member_id: string | null;
  creator_name: string | null;
  creator_role: string | null;
  creator_deactivated_at: number | null;
};

/** Links, each with the people behind it (no rows lost: both joins are outer). */
export function linksWithPeople(db: Kysely<Database>) {
  return db
    .selectFrom('feed_tokens as t')
    .leftJoin('memberships as m', 'm.id', 't.member_id')
    .leftJoin('users as mu', 'mu.id', 'm.user_id')
    .leftJoin('memberships as c', (join) =>
      join.onRef('c.user_id', '=', 't.created_by').onRef('c.workspace_id', '=', 't.workspace_id'),
    )
    .leftJoin('users as cu', 'cu.id', 't.created_by')
    .selectAll('t')
    .select([
      'mu.name as member_name',
      'm.role as member_role',
      'm.deactivated_at as member_deactivated_at',
      'c.id as creator_member_id',
      'cu.name as creator_name',
      'c.role as creator_role',
      'c.deactivated_at as creator_deactivated_at',
    ]);
}

const article = (role: string) => (/^[aeiou]/.test(role) ? 'an' : 'a');

/** Why the link must end now, in words; null while it may live. */
export function endReason(link: LinkWithPeople): string | null {
  if (link.member_id !== null) {
    const name = link.member_name ?? 'The technician';
    if (link.member_role === null || link.member_deactivated_at !== null) return `${name} was deactivated`;
    if (link.member_role !== 'technician') return `${name} is no longer a technician`;
  }
  // The technician's own link: what was said about them covers its maker too.
  if (link.created_by === null || link.creator_member_id === link.member_id) return null;
  const maker = link.creator_name ?? 'someone';
  const role = link.creator_role;
  if (role === null || link.creator_deactivated_at !== null) return `Made by ${maker}, who was deactivated`;
  const mayMake = can(role as Role, 'schedule.write');
  return mayMake ? null : `Made by ${maker}, who is now ${article(role)} ${role}`;
}

/** Revokes the live links among `links` that must end, with their reasons; returns the ended ids. */
export async function endDeadLinks(db: Kysely<Database>, links: readonly LinkWithPeople[]): Promise<Set<string>> {
  const ended = new Set<string>();
  const now = Date.now();
  for (const link of links) {
    const reason = link.revoked_at === null ? endReason(link) : null;
    if (reason === null) continue;
    await db
      .updateTable('feed_tokens')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('id', '=', link.id)
      .where('revoked_at', 'is', null)
      .execute();
    link.revoked_at = now;
    link.revoked_reason = reason;
    ended.add(link.id);
  }
  return ended;
}

/**
 * Ends the workspace's links that a change of its members killed. Called where a membership's role
 * or active flag changes, so a link that died stays dead even if the change is undone before any
 * calendar app asks for it.
 */
export async function endLinksOfWorkspace(db: Kysely<Database>, workspaceId: string): Promise<void> {
  const live = await linksWithPeople(db)
    .where('t.workspace_id', '=', workspaceId)
    .where('t.revoked_at', 'is', null)
    .execute();
  await endDeadLinks(db, live);
}
