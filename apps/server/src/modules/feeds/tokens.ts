import type { FeedTokenCreate } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { hashToken, randomToken } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { membersAmong } from '../members/index.js';
import { endDeadLinks, linksWithPeople } from './link-life.js';
import { authorizeTokenFor, managesAllTokens } from './policy.js';
import { type FeedTokenRow, presentToken } from './presenter.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  notActive: { id: 'problems.feeds.tokenMemberInactive' },
  notTechnician: { id: 'problems.feeds.tokenNotTechnician' },
});

/** The public address of a link's calendar. */
export const icalUrl = (baseUrl: string, token: string) => `${baseUrl}/ical/${token}.ics`;

function tokensOf(db: Kysely<Database>, actor: Actor) {
  let query = db.selectFrom('feed_tokens').selectAll().where('workspace_id', '=', actor.workspaceId);
  if (!managesAllTokens(actor)) query = query.where('member_id', '=', actor.memberId);
  return query;
}

/**
 * The links the actor may see (never their tokens: those are shown once, at creation). A live link
 * whose people no longer allow it is ended first, so the list never shows a dead link as live.
 */
export async function getTokens(db: Kysely<Database>, actor: Actor) {
  let query = linksWithPeople(db).where('t.workspace_id', '=', actor.workspaceId);
  if (!managesAllTokens(actor)) query = query.where('t.member_id', '=', actor.memberId);
  const rows = await query.orderBy('t.created_at').orderBy('t.id').execute();
  await endDeadLinks(db, rows);
  return rows.map(presentToken);
}

/** Makes a link: 256 random bits, stored as SHA-256; the URL is in this answer only. */
export async function createToken(db: Kysely<Database>, actor: Actor, input: FeedTokenCreate, baseUrl: string) {
  authorizeTokenFor(actor, input.memberId);
  if (input.memberId !== null) {
    const [member] = await membersAmong(db, actor.workspaceId, [input.memberId]);
    if (!member || member.deactivated_at !== null) {
      throw fieldError('memberId', text(refusals.notActive, { id: input.memberId }));
    }
    if (member.role !== 'technician') {
      throw fieldError('memberId', text(refusals.notTechnician, { id: input.memberId, role: member.role }));
    }
  }
  const token = randomToken(32);
  const row: FeedTokenRow = {
    id: newId(),
    workspace_id: actor.workspaceId,
    member_id: input.memberId,
    token_hash: hashToken(token),
    hint: token.slice(-4),
    created_by: actor.userId,
    created_at: Date.now(),
    revoked_at: null,
    revoked_reason: null,
  };
  await db.insertInto('feed_tokens').values(row).execute();
  return { ...presentToken(row), url: icalUrl(baseUrl, token) };
}

/** Revokes a link for good (its calendar answers 404 from now on). Revoking twice is fine. */
export async function revokeToken(db: Kysely<Database>, actor: Actor, id: string) {
  const row = await tokensOf(db, actor).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('iCal link');
  if (row.revoked_at === null) {
    await db.updateTable('feed_tokens').set({ revoked_at: Date.now() }).where('id', '=', id).execute();
  }
}

/**
 * The live link a token opens, or undefined (unknown, revoked, or ended now because its technician
 * or maker may no longer have it: decided on every request, whatever changed the membership).
 */
export async function findLiveToken(db: Kysely<Database>, token: string): Promise<FeedTokenRow | undefined> {
  const link = await linksWithPeople(db)
    .where('t.token_hash', '=', hashToken(token))
    .where('t.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!link || (await endDeadLinks(db, [link])).size > 0) return undefined;
  return link;
}
