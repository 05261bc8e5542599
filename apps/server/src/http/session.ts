import { limits } from '@fieldplan/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { hashToken, randomToken } from '../lib/crypto.js';
import { problemDetails, text } from './problem-text.js';

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
  /** The language the user picked (users.language); null or absent: their browser's. */
  language?: string | null;
}

export interface Session {
  idHash: string;
  user: SessionUser;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** No session is read for this route (the probes): nothing waits on the database before it does. */
    sessionless?: boolean;
  }
}

export interface SessionOptions {
  db: Db;
  secureCookies: boolean;
  /** `sessionCacheMs` unless given (0: read the database on every request). */
  cacheMs?: number;
}

interface KnownSession {
  /** The SHA-256 of the cookie's token: the row's key, worked out once per token read. */
  idHash: string;
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
    .select(['users.id', 'users.email', 'users.name', 'users.language', 'sessions.expires_at'])
    .where('sessions.id_hash', '=', '')
    .compile();
  const lookupFor = (idHash: string): typeof sessionLookup => ({ ...sessionLookup, parameters: [idHash] });
  // Rows read in the last `cacheMs`, by the cookie's token: a request with a remembered token needs
  // neither the hash nor the database. Kept in the order they were read, so the ones past the bound
  // are dropped from the front as new ones come (no token outlives its use by much). `generation`
  // counts what ended sessions here: a read that was under way meanwhile is used for its own request
  // but not remembered (it may predate the end).
  const known = new Map<string, KnownSession>();
  let generation = 0;
  const forgetWhere = (ended: (session: KnownSession) => boolean) => {
    generation += 1;
    for (const [token, session] of known) if (ended(session)) known.delete(token);
  };
  /** The remembered session of `token` while it is within the bound and unexpired, else undefined. */
  function remembered(token: string, now: number): KnownSession | undefined {
    const cached = known.get(token);
    if (cached === undefined) return undefined;
    if (now - cached.readAt < cacheMs && cached.expiresAt > now) return cached;
    known.delete(token);
    return undefined;
  }
  async function read(token: string, now: number): Promise<KnownSession | null> {
    const idHash = hashToken(token);
    const startedAt = generation;
    const [row] = (await db.kysely.executeQuery(lookupFor(idHash))).rows;
    if (!row || Number(row.expires_at) <= now) return null;
    const user = Object.freeze({ id: row.id, email: row.email, name: row.name, language: row.language });
    const session = { idHash, user, expiresAt: Number(row.expires_at), readAt: now };
    if (cacheMs > 0 && generation === startedAt) {
      for (const [oldToken, old] of known) {
        if (now - old.readAt < cacheMs && known.size < sessionCacheMax) break;
        known.delete(oldToken);
      }
      known.set(token, session);
    }
    return session;
  }
  const slideDue = (session: KnownSession, now: number) => now + sessionMs - session.expiresAt > slideStepMs;
  /** Puts the session on the request; slides its expiry when due (at most hourly: a write). */
  async function accept(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    session: KnownSession,
    now: number,
  ) {
    request.session = { idHash: session.idHash, user: session.user };
    if (slideDue(session, now)) {
      session.expiresAt = now + sessionMs;
      await db.kysely
        .updateTable('sessions')
        .set({ expires_at: now + sessionMs })
        .where('id_hash', '=', session.idHash)
        .execute();
      setCookie(reply, token);
    }
  }
  async function lookUp(request: FastifyRequest, reply: FastifyReply, token: string, now: number) {
    const session = await read(token, now);
    if (!session) {
      reply.clearCookie(cookieName, cookieOptions);
      return;
    }
    await accept(request, reply, token, session, now);
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
        forgetWhere((s) => s.idHash === previous.idHash);
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
        forgetWhere((s) => s.idHash === session.idHash);
      }
      reply.clearCookie(cookieName, cookieOptions);
    },

    /**
     * Forgets what this process remembers of a user's sessions (what they say of themselves changed, their
     * language): their next request here reads it again; other processes within the bound (`cacheMs`).
     */
    reread(userId: string): void {
      forgetWhere((s) => s.user.id === userId);
    },

    /** Ends every session of a user at once (deactivation). */
    async endAllFor(userId: string): Promise<void> {
      await db.kysely.deleteFrom('sessions').where('user_id', '=', userId).execute();
      forgetWhere((s) => s.user.id === userId);
    },

    register(app: FastifyInstance) {
      app.decorateRequest('session', null);
      // Callback style: a remembered session (most requests) is taken without a promise.
      app.addHook('onRequest', (request, reply, done) => {
        const token = request.cookies[cookieName];
        if (!token || request.routeOptions.config.sessionless) return done();
        const now = Date.now();
        const cached = remembered(token, now);
        if (cached !== undefined && !slideDue(cached, now)) {
          request.session = { idHash: cached.idHash, user: cached.user };
          return done();
        }
        (cached ? accept(request, reply, token, cached, now) : lookUp(request, reply, token, now)).then(
          () => done(),
          done,
        );
      });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw new AppError('unauthenticated', text(problemDetails.signIn));
  return request.session.user;
}
