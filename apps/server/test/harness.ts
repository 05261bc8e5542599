import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Db, migrate, openDb } from '../src/db/database.js';
import type { ArchiveOptions } from '../src/modules/archive/index.js';
import type { FeedOptions } from '../src/modules/feeds/index.js';

/** Which database the suite runs on: `FIELDPLAN_TEST_DB=postgres` or SQLite (default). */
export const testDialect = process.env.FIELDPLAN_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const pgAdminUrl = process.env.FIELDPLAN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, migrated database for one test file: a temp SQLite file, or a new PostgreSQL database
 * (dropped at cleanup). An unreachable PostgreSQL fails the suite; it never skips it.
 */
export async function createTestDb(
  dialect: 'sqlite' | 'postgres' = testDialect,
  prefix = 'fieldplan_test',
): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const name = `${prefix}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    const db = openDb(url.toString());
    await migrate(db);
    return {
      db,
      cleanup: async () => {
        await db.close();
        const a = new pg.Client({ connectionString: pgAdminUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-test-'));
  const db = openDb(`sqlite:${path.join(dir, 'test.sqlite')}`);
  await migrate(db);
  return {
    db,
    cleanup: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  close: () => Promise<void>;
}

/** The real app on a fresh database, API only (no SPA unless `webDist` is given), silent. */
export async function createTestApp(
  options: {
    signInPerMinute?: number;
    env?: Record<string, string>;
    feeds?: FeedOptions;
    /** A built web app to serve; none by default (API only). */
    webDist?: string;
    archive?: ArchiveOptions;
  } = {},
) {
  const { db, cleanup } = await createTestDb();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env }),
    WEB_DIST: options.webDist ?? '',
  };
  const app = await buildApp({
    config,
    db,
    logger: false,
    signInPerMinute: options.signInPerMinute ?? 1000,
    ...(options.feeds && { feeds: options.feeds }),
    ...(options.archive && { archive: options.archive }),
  });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await cleanup();
    },
  } satisfies TestContext;
}

/** The origin `app.inject` requests appear to be sent to (Host `localhost:80`). */
export const appOrigin = 'http://localhost:80';

export interface ClientOptions {
  /** The Origin sent on every request; `null` sends none. Default: the app's own origin. */
  origin?: string | null;
  /** The client's IP address as the server sees it (per-address rate limits). */
  remoteAddress?: string;
}

/**
 * A browser-like client: keeps its cookies and sends the app's Origin. A header given as
 * `undefined` is left out (e.g. `{ origin: undefined }` for a request without Origin).
 */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly options: ClientOptions = {},
  ) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers: Record<string, string | undefined> = {},
  ) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const origin = this.options.origin === undefined ? appOrigin : this.options.origin;
    const merged: Record<string, string | undefined> = {
      ...(origin !== null && { origin }),
      ...(cookie && { cookie }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    };
    const sent = Object.fromEntries(
      Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const response = await this.app.inject({
      method,
      url,
      headers: sent,
      ...(this.options.remoteAddress !== undefined && { remoteAddress: this.options.remoteAddress }),
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
    for (const c of response.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '')
        this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  get = (url: string, headers?: Record<string, string | undefined>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string | undefined>) =>
    this.request('POST', url, body, headers);
  patch = (url: string, body?: unknown, headers?: Record<string, string | undefined>) =>
    this.request('PATCH', url, body, headers);
  delete = (url: string, headers?: Record<string, string | undefined>) =>
    this.request('DELETE', url, undefined, headers);
}

let counter = 0;
/** A unique, lowercase email address for a test user. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}-${randomBytes(3).toString('hex')}@example.test`;
}

/** Signs up a new user with their own workspace and signs them in; returns the client and the workspace id. */
export async function signUpOwner(
  app: FastifyInstance,
  name = 'Owner',
  options: {
    email?: string;
    client?: Client;
    workspaceName?: string;
    locale?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const client = options.client ?? new Client(app);
  const email = options.email ?? uniqueEmail('owner');
  const signUp = await client.post(
    '/api/v1/auth/sign-up',
    {
      name,
      email,
      password: 'correct horse battery',
      workspaceName: options.workspaceName ?? `${name}'s Company`,
      ...(options.locale !== undefined && { locale: options.locale }),
    },
    options.headers,
  );
  if (signUp.statusCode !== 202) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  // Sign-up answers alike for new and taken emails and starts no session: the browser signs in next.
  const res = await client.post('/api/v1/auth/sign-in', { email, password: 'correct horse battery' });
  if (res.statusCode !== 200) throw new Error(`sign-in after sign-up failed: ${res.statusCode} ${res.body}`);
  const me = res.json() as { user: { id: string }; memberships: { workspaceId: string; memberId: string }[] };
  const membership = me.memberships[0];
  if (!membership) throw new Error('sign-up made no membership');
  return {
    client,
    email,
    password: 'correct horse battery',
    userId: me.user.id,
    workspaceId: membership.workspaceId,
    memberId: membership.memberId,
  };
}

export type Owner = Awaited<ReturnType<typeof signUpOwner>>;
