import { limits } from '@fieldplan/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { hashToken, randomToken } from '../lib/crypto.js';
import { AppError } from './app-error.js';

const dayMs = 24 * 60 * 60 * 1000;
const sessionMs = limits.sessionDays * dayMs;
/** Extend the sliding expiry at most once an hour per session, not on every request. */
const slideStepMs = 60 * 60 * 1000;
/**
 * How long a process trusts a session row it has read before reading it again
 * (docs/adr/0024-session-read-cache.md). Signing out and deactivation clear it at once on the process
 * that did them; on other processes they take effect within this bound. Memberships are never cached.
 */
export const sessionCacheMs = 2_000;
/** Sessions remembered at most (the oldest read is forgotten first). */
const sessionCacheMax = 10_000;

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
  /** `sessionCacheMs` unless given (0: read the database on every request). */
  cacheMs?: number;
}

interface KnownSession {
  user: SessionUser;
  expiresAt: number;
  /** When the row was read (Date.now()). */
  readAt: number;
}

/** `__Host-` needs Secure, so it is used only behind https. */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-fp_session' : 'fp_session');

export function createSessionStore({ db, secureCookies, cacheMs = sessionCacheMs }: SessionOptions) {
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
  // Rows read in the last `cacheMs`, by id hash. `generation` counts what ended sessions here: a read
  // that was under way meanwhile is used for its own request but not remembered (it may predate the end).
  const known = new Map<string, KnownSession>();
  let generation = 0;
  const forget = (idHash: string) => {
    generation += 1;
    known.delete(idHash);
  };
  async function read(idHash: string, now: number): Promise<KnownSession | null> {
    const cached = known.get(idHash);
    if (cached && now - cached.readAt < cacheMs && cached.expiresAt > now) return cached;
    if (cached) known.delete(idHash);
    const startedAt = generation;
    const [row] = (await db.kysely.executeQuery(lookupFor(idHash))).rows;
    if (!row || Number(row.expires_at) <= now) return null;
    const user = Object.freeze({ id: row.id, email: row.email, name: row.name });
    const session = { user, expiresAt: Number(row.expires_at), readAt: now };
    if (cacheMs > 0 && generation === startedAt) {
      if (known.size >= sessionCacheMax) known.delete(known.keys().next().value as string);
      known.set(idHash, session);
    }
    return session;
  }

  function setCookie(reply: FastifyReply, token: string) {
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: sessionMs / 1000 });
  }

  return {
    cookieName,

    /** Starts a new session (a fresh id: sign-in rotates it) and sets its cookie. */
    async start(reply: FastifyReply, userId: string, previous?: Session | null): Promise<void> {
      if (previous) {
        await db.kysely.deleteFrom('sessions').where('id_hash', '=', previous.idHash).execute();
        forget(previous.idHash);
      }
      const token = randomToken(32);
      const now = Date.now();
      await db.kysely
        .insertInto('sessions')
        .values({ id_hash: hashToken(token), user_id: userId, created_at: now, expires_at: now + sessionMs })
        .execute();
      setCookie(reply, token);
    },

    async end(reply: FastifyReply, session: Session | null): Promise<void> {
      if (session) {
        await db.kysely.deleteFrom('sessions').where('id_hash', '=', session.idHash).execute();
        forget(session.idHash);
      }
      reply.clearCookie(cookieName, cookieOptions);
    },

    /** Ends every session of a user at once (deactivation). */
    async endAllFor(userId: string): Promise<void> {
      await db.kysely.deleteFrom('sessions').where('user_id', '=', userId).execute();
      generation += 1;
      for (const [idHash, session] of known) if (session.user.id === userId) known.delete(idHash);
    },

    register(app: FastifyInstance) {
      app.decorateRequest('session', null);
      app.addHook('onRequest', async (request, reply) => {
        const token = request.cookies[cookieName];
        if (!token) return;
        const idHash = hashToken(token);
        const now = Date.now();
        const session = await read(idHash, now);
        if (!session) {
          reply.clearCookie(cookieName, cookieOptions);
          return;
        }
        request.session = { idHash, user: session.user };
        if (now + sessionMs - session.expiresAt > slideStepMs) {
          session.expiresAt = now + sessionMs;
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
