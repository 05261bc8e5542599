import {
  firstAcceptedLanguage,
  isLocale,
  type Me,
  type MePatch,
  type Role,
  type SignIn,
  type SignInNotice,
  type SignUp,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { SessionUser } from '../../http/session.js';
import { defineMessages } from '../../i18n/index.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/crypto.js';
import { iso, newId } from '../../lib/ids.js';
import { createWorkspaceWithOwner, listMemberships } from '../members/index.js';
import type { WorkspaceDefaults } from '../workspaces/index.js';
import { findUserByEmail, insertUser } from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  signInTooOften: { id: 'problems.auth.signInTooOften' },
  wrongPassword: { id: 'problems.auth.wrongPassword' },
});

export async function getMe(db: Kysely<Database>, user: SessionUser): Promise<Me> {
  const [rows, own] = await Promise.all([listMemberships(db, user.id), userLanguage(db, user.id)]);
  return {
    user: { id: user.id, name: user.name, email: user.email, language: own },
    memberships: rows.map((r) => ({ ...r, role: r.role as Role })),
  };
}

/** The language the user picked (docs/adr/0042-languages.md); null: their browser's. */
async function userLanguage(db: Kysely<Database>, userId: string) {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return isLocale(row?.language) ? row.language : null;
}

/** Changes what a user says about themselves (their language), and answers as /me does. */
export async function updateMe(db: Kysely<Database>, user: SessionUser, patch: MePatch): Promise<Me> {
  await db.updateTable('users').set({ language: patch.language }).where('id', '=', user.id).execute();
  return getMe(db, user);
}

/**
 * Signs up: a new email gets its account and workspace; a taken one only marks the account, so its
 * owner hears of it at the next sign-in. The caller answers both alike and starts no session, so
 * the answer never tells whether an email has an account (and nobody is signed in as its owner).
 */
export async function signUp(
  db: Kysely<Database>,
  input: SignUp,
  defaults: WorkspaceDefaults,
  acceptLanguage?: string,
): Promise<void> {
  // Hashed in both cases, so both cost the same; and before the transaction: a 60 ms KDF must
  // not hold SQLite's write lock.
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 1; ; attempt++) {
    try {
      const taken = await db
        .transaction()
        .execute(async (trx) => {
          const exists = (await findUserByEmail(trx, input.email)) !== undefined;
          // A taken email does the same writes under a throwaway address, then rolls them back:
          // the answer takes as long as a real sign-up's.
          const userId = newId();
          await insertUser(trx, {
            id: userId,
            email: exists ? `${userId}@sign-up.invalid` : input.email,
            name: input.name,
            password_hash: passwordHash,
            created_at: Date.now(),
          });
          const locale = input.locale ?? firstAcceptedLanguage(acceptLanguage);
          await createWorkspaceWithOwner(trx, { name: input.workspaceName, ownerUserId: userId, locale }, defaults);
          if (exists) throw new RollBack();
          return false;
        })
        .catch((error: unknown) => {
          if (error instanceof RollBack) return true;
          throw error;
        });
      if (taken) await markSignUpAttempt(db, input.email);
      return;
    } catch (error) {
      // A concurrent sign-up made the account a moment ago: this one is an attempt on it.
      if (isUniqueViolation(error, 'users', 'email')) {
        await markSignUpAttempt(db, input.email);
        return;
      }
      // Another workspace took the same slug a moment ago: the next attempt picks the next free one.
      if (attempt < 5 && isUniqueViolation(error, 'workspaces', 'slug')) continue;
      throw error;
    }
  }
}

/** Thrown to roll a taken email's look-alike writes back. */
class RollBack extends Error {}

/** Notes a sign-up attempt on the account with this email. */
async function markSignUpAttempt(db: Kysely<Database>, email: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ sign_up_attempt_at: Date.now() })
    .where('email', '=', email.toLowerCase())
    .execute();
}

/** What a signed-in user should hear once (a sign-up attempt on their email), cleared as it is read. */
export async function takeSignInNotices(db: Kysely<Database>, userId: string): Promise<SignInNotice[]> {
  const row = await db.selectFrom('users').select('sign_up_attempt_at').where('id', '=', userId).executeTakeFirst();
  const at = row?.sign_up_attempt_at;
  if (at === null || at === undefined) return [];
  // Cleared only if no newer attempt came in meanwhile (that one is told next time).
  await db
    .updateTable('users')
    .set({ sign_up_attempt_at: null })
    .where('id', '=', userId)
    .where('sign_up_attempt_at', '=', at)
    .execute();
  return [{ kind: 'sign-up-attempt', at: iso(Number(at)) }];
}

/**
 * Checks credentials under the per-address and per-account limits. Unknown email and wrong
 * password get the same answer and cost the same time.
 */
export async function checkCredentials(
  db: Kysely<Database>,
  limiter: RateLimiter,
  perMinute: number,
  input: SignIn,
  address: string,
): Promise<SessionUser> {
  const wait = Math.max(
    ...(await Promise.all([
      limiter.hit(`signin:ip:${address}`, perMinute),
      limiter.hit(`signin:acct:${input.email}`, perMinute),
    ])),
  );
  if (wait > 0) {
    const detail = text(refusals.signInTooOften, { wait: String(wait) });
    throw new AppError('rate_limited', detail, { retryAfter: wait });
  }
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !ok) throw new AppError('unauthenticated', text(refusals.wrongPassword));
  return { id: user.id, email: user.email, name: user.name };
}
