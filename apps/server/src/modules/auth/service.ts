import type { Me, Role, SignIn, SignUp } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { AppError, fieldError } from '../../http/app-error.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { SessionUser } from '../../http/session.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { createWorkspace, type WorkspaceDefaults } from '../workspaces/service.js';
import { findUserByEmail, listMemberships } from './queries.js';

export async function getMe(db: Kysely<Database>, user: SessionUser): Promise<Me> {
  const rows = await listMemberships(db, user.id);
  return {
    user: { id: user.id, name: user.name, email: user.email },
    memberships: rows.map((r) => ({ ...r, role: r.role as Role })),
  };
}

/** Inserts a user; a taken email is a 400 on `email` and says nothing more. */
export async function insertUser(db: Kysely<Database>, input: { name: string; email: string; password: string }) {
  if (await findUserByEmail(db, input.email)) throw fieldError('email', 'An account with this email already exists');
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      email: input.email,
      name: input.name,
      password_hash: await hashPassword(input.password),
      created_at: Date.now(),
    })
    .execute();
  return { id, email: input.email, name: input.name };
}

export async function signUp(db: Kysely<Database>, input: SignUp, defaults: WorkspaceDefaults) {
  // Hash before the transaction: a 60 ms KDF must not hold SQLite's write lock.
  const passwordHash = await hashPassword(input.password);
  const taken = () => fieldError('email', 'An account with this email already exists');
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        if (await findUserByEmail(trx, input.email)) throw taken();
        const userId = newId();
        await trx
          .insertInto('users')
          .values({
            id: userId,
            email: input.email,
            name: input.name,
            password_hash: passwordHash,
            created_at: Date.now(),
          })
          .execute();
        const workspace = await createWorkspace(trx, { name: input.workspaceName, ownerUserId: userId }, defaults);
        return { user: { id: userId, email: input.email, name: input.name }, workspace };
      });
    } catch (error) {
      // Concurrent sign-ups race past the checks above; the unique indexes decide.
      if (isUniqueViolation(error, 'users', 'email')) throw taken();
      // Another workspace took the same slug a moment ago: the next attempt picks the next free one.
      if (attempt < 5 && isUniqueViolation(error, 'workspaces', 'slug')) continue;
      throw error;
    }
  }
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
    limiter.hit(`signin:ip:${address}`, perMinute),
    limiter.hit(`signin:acct:${input.email}`, perMinute),
  );
  if (wait > 0) {
    throw new AppError('rate_limited', `Too many sign-in attempts, try again in ${wait} s`, { retryAfter: wait });
  }
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !ok) throw new AppError('unauthenticated', 'Email or password is incorrect');
  return { id: user.id, email: user.email, name: user.name };
}
