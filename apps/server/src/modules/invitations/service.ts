import {
  type AcceptInvitation,
  type Invitation,
  type InvitationCreate,
  limits,
  memberPalette,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { AppError, fieldError, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { SessionUser } from '../../http/session.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../lib/crypto.js';
import { iso, newId } from '../../lib/ids.js';
import { findUserByEmail, insertUser } from '../auth/index.js';
import {
  activeMemberByEmail,
  countMembers,
  insertMembership,
  membershipOfUser,
  updateMembership,
} from '../members/index.js';
import { presentInvitation } from './presenter.js';
import { findInvitationByHash, listInvitations } from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  alreadyMember: { id: 'problems.invitations.alreadyMember' },
  used: { id: 'problems.invitations.used' },
  withdrawn: { id: 'problems.invitations.withdrawn' },
  expired: { id: 'problems.invitations.expired' },
  tooOften: { id: 'problems.invitations.tooManyAttempts' },
  wrongPassword: { id: 'problems.invitations.wrongPassword' },
  name: { id: 'problems.invitations.nameRequired' },
  password: { id: 'problems.invitations.passwordRequired' },
});

const invitationMs = limits.invitationDays * 24 * 60 * 60 * 1000;

export async function getInvitations(db: Kysely<Database>, workspaceId: string) {
  return (await listInvitations(db, workspaceId)).map((row) => presentInvitation(row));
}

/** A new invitation's row and its link (the token leaves only in the link; it is stored hashed). */
function invitationRow(workspaceId: string, createdBy: string, input: InvitationCreate, baseUrl: string) {
  const token = randomToken(32);
  const now = Date.now();
  const row = {
    id: newId(),
    workspace_id: workspaceId,
    email: input.email,
    role: input.role,
    token_hash: hashToken(token),
    expires_at: now + invitationMs,
    accepted_at: null,
    revoked_at: null,
    created_by: createdBy,
    created_at: now,
  };
  return { row, url: `${baseUrl}/invite/${token}` };
}

/** Creates an invitation; the token leaves only in the returned link (it is stored hashed). */
export async function createInvitation(db: Kysely<Database>, actor: Actor, input: InvitationCreate, baseUrl: string) {
  const existing = await activeMemberByEmail(db, actor.workspaceId, input.email);
  if (existing) throw fieldError('email', text(refusals.alreadyMember));
  const { row, url } = invitationRow(actor.workspaceId, actor.userId, input, baseUrl);
  await db.insertInto('invitations').values(row).execute();
  return presentInvitation(row, url);
}

/**
 * Invites many people into a workspace nobody else belongs to yet (a restored archive): no lookup of
 * accounts or members, so the answer is the same whether or not an email has an account.
 */
export async function createInvitations(
  db: Kysely<Database>,
  workspaceId: string,
  createdBy: string,
  inputs: InvitationCreate[],
  baseUrl: string,
) {
  const made = inputs.map((input) => invitationRow(workspaceId, createdBy, input, baseUrl));
  for (let i = 0; i < made.length; i += 200) {
    await db
      .insertInto('invitations')
      .values(made.slice(i, i + 200).map((m) => m.row))
      .execute();
  }
  return made.map(({ row, url }) => presentInvitation(row, url) as Invitation & { url: string });
}

export async function revokeInvitation(db: Kysely<Database>, actor: Actor, id: string) {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: Date.now() })
    .where('id', '=', id)
    .where('workspace_id', '=', actor.workspaceId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('Invitation');
}

/** A usable invitation by token: forged → 404; used, revoked or expired → 410. */
async function usableInvitation(db: Kysely<Database>, token: string) {
  const row = token.length <= 100 ? await findInvitationByHash(db, hashToken(token)) : undefined;
  if (!row) throw notFound('Invitation');
  if (row.accepted_at !== null) throw new AppError('gone', text(refusals.used));
  if (row.revoked_at !== null) throw new AppError('gone', text(refusals.withdrawn));
  if (row.expires_at <= Date.now()) throw new AppError('gone', text(refusals.expired));
  return row;
}

export async function previewInvitation(db: Kysely<Database>, token: string) {
  const row = await usableInvitation(db, token);
  return {
    workspaceName: row.workspace_name,
    email: row.email,
    role: row.role as 'owner',
    expiresAt: iso(row.expires_at),
  };
}

/**
 * Accepts an invitation: the signed-in invitee joins at once; an existing account proves itself
 * with its password; otherwise a new account is made. Single use (marked inside the transaction).
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  limiter: RateLimiter,
  perMinute: number,
  token: string,
  input: AcceptInvitation,
  current: SessionUser | null,
): Promise<{ user: SessionUser; workspaceId: string }> {
  const invite = await usableInvitation(db, token);
  let user: SessionUser;
  const existing = await findUserByEmail(db, invite.email);
  let newUser: { id: string; hash: string } | null = null;
  if (current && current.email === invite.email) {
    user = current;
  } else if (existing) {
    const wait = await limiter.hit(`signin:acct:${existing.email}`, perMinute);
    if (wait > 0) {
      throw new AppError('rate_limited', text(refusals.tooOften, { wait: String(wait) }), { retryAfter: wait });
    }
    if (!input.password || !(await verifyPassword(input.password, existing.password_hash))) {
      throw fieldError('password', text(refusals.wrongPassword));
    }
    user = { id: existing.id, email: existing.email, name: existing.name };
  } else {
    if (!input.name) throw fieldError('name', text(refusals.name));
    if (!input.password) throw fieldError('password', text(refusals.password));
    newUser = { id: newId(), hash: await hashPassword(input.password) };
    user = { id: newUser.id, email: invite.email, name: input.name };
  }

  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('invitations')
      .set({ accepted_at: Date.now() })
      .where('id', '=', invite.id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw new AppError('gone', text(refusals.used));
    if (newUser) {
      await insertUser(trx, {
        id: newUser.id,
        email: user.email,
        name: user.name,
        password_hash: newUser.hash,
        created_at: Date.now(),
      });
    }
    const membership = await membershipOfUser(trx, invite.workspace_id, user.id);
    let memberId: string;
    if (membership) {
      memberId = membership.id;
      // Already an active member (through an older invitation): the role stays as it is — role
      // changes go through the member rules, which keep the workspace's last owner an owner.
      if (membership.deactivated_at !== null) {
        // A deactivated member invited back comes back with the invited role.
        await updateMembership(trx, memberId, { role: invite.role, deactivated_at: null });
      }
    } else {
      memberId = newId();
      const n = await countMembers(trx, invite.workspace_id);
      await insertMembership(trx, {
        id: memberId,
        workspace_id: invite.workspace_id,
        user_id: user.id,
        role: invite.role,
        colour: memberPalette[n % memberPalette.length] ?? memberPalette[0],
        home_lat: null,
        home_lng: null,
        deactivated_at: null,
        created_at: Date.now(),
      });
    }
    await recordChange(trx, {
      workspaceId: invite.workspace_id,
      entity: 'member',
      entityId: memberId,
      action: membership ? 'updated' : 'created',
      actorId: user.id,
    });
  });
  return { user, workspaceId: invite.workspace_id };
}
