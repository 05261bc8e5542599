import { limits } from '@fieldplan/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { hashToken, randomToken } from '../lib/crypto.js';
import { AppError } from './app-error.js';

const dayMs = 24 * 60 * 60 * 1000;
const sessionMs = limits.sessionDays * dayMs;
/** Extend the sliding expiry at most once an hour per session, not on every request. */
const slideStepMs = 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface Session {
  idHash: string;
  user: SessionUser;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

export interface SessionOptions {
  db: Db;
  secureCookies: boolean;
}

/** `__Host-` needs Secure, so it is used only behind https. */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-fp_session' : 'fp_session');

export function createSessionStore({ db, secureCookies }: SessionOptions) {
  const cookieName = sessionCookieName(secureCookies);
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secureCookies };
  // Every request with a cookie runs this: compiled once, run with the hash as its only parameter.
  const sessionLookup = db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.email', 'users.name', 'sessions.expires_at'])
    .where('sessions.id_hash', '=', '')
    .compile();
  const lookupFor = (idHash: string): typeof sessionLookup => ({ ...sessionLookup, parameters: [idHash] });

  function setCookie(reply: FastifyReply, token: string) {
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: sessionMs / 1000 });
  }

  return {
    cookieName,

    /** Starts a new session (a fresh id: sign-in rotates it) and sets its cookie. */
    async start(reply: FastifyReply, userId: string, previous?: Session | null): Promise<void> {
      if (previous) await db.kysely.deleteFrom('sessions').where('id_hash', '=', previous.idHash).execute();
      const token = randomToken(32);
      const now = Date.now();
      await db.kysely
        .insertInto('sessions')
        .values({ id_hash: hashToken(token), user_id: userId, created_at: now, expires_at: now + sessionMs })
        .execute();
      setCookie(reply, token);
    },

    async end(reply: FastifyReply, session: Session | null): Promise<void> {
      if (session) await db.kysely.deleteFrom('sessions').where('id_hash', '=', session.idHash).execute();
      reply.clearCookie(cookieName, cookieOptions);
    },

    /** Ends every session of a user at once (deactivation). */
    async endAllFor(userId: string): Promise<void> {
      await db.kysely.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    register(app: FastifyInstance) {
      app.decorateRequest('session', null);
      app.addHook('onRequest', async (request, reply) => {
        const token = request.cookies[cookieName];
        if (!token) return;
        const idHash = hashToken(token);
        const [row] = (await db.kysely.executeQuery(lookupFor(idHash))).rows;
        const now = Date.now();
        if (!row || row.expires_at <= now) {
          reply.clearCookie(cookieName, cookieOptions);
          return;
        }
        request.session = { idHash, user: { id: row.id, email: row.email, name: row.name } };
        if (now + sessionMs - row.expires_at > slideStepMs) {
          await db.kysely
            .updateTable('sessions')
            .set({ expires_at: now + sessionMs })
            .where('id_hash', '=', idHash)
            .execute();
          setCookie(reply, token);
        }
      });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw new AppError('unauthenticated', 'Sign in to continue');
  return request.session.user;
}
