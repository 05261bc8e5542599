import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { ChangeEvent, PublicConfig } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { spawnOwned, stopChild as stopOwnedChild, untilReady } from '../../../scripts/children.mjs';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import type { FeedOptions } from '../src/modules/feeds/index.js';
import { createTestDb } from './harness.js';
import { type CookieHolder, connectPusher, cookieOf } from './pusher-connect.js';
import { createTeam, type Team } from './schedule-helpers.js';

export { type ConnectTarget, type CookieHolder, connectPusher, cookieOf } from './pusher-connect.js';

/** The real app (embedded realtime server included) listening on an ephemeral loopback port. */
export interface LiveApp {
  app: FastifyInstance;
  db: Db;
  port: number;
  /** `http://127.0.0.1:port`: where real HTTP requests go, and the Origin they carry. */
  origin: string;
  /** The pusher key the browser would get from `/api/v1/config`. */
  key: string;
  close(): Promise<void>;
}

export interface LiveAppOptions {
  env?: Record<string, string>;
  /** An existing database (a second app on the same one); the first app's owner cleans it up. */
  db?: Db;
  /** Extra routes registered before the app is ready (they get every app hook). */
  extraRoutes?: (app: FastifyInstance) => void;
  /** Calendar feeds' options. */
  feeds?: FeedOptions;
}

export async function createLiveApp(options: LiveAppOptions = {}): Promise<LiveApp> {
  const own = options.db ? null : await createTestDb();
  const db = options.db ?? (own as { db: Db }).db;
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env }), WEB_DIST: '' };
  const app = await buildApp({
    config,
    db,
    logger: false,
    signInPerMinute: 1000,
    ...(options.feeds && { feeds: options.feeds }),
  });
  options.extraRoutes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const res = await app.inject('/api/v1/config');
  const key = (res.json() as PublicConfig).realtime?.key ?? '';
  return {
    app,
    db,
    port,
    origin: `http://127.0.0.1:${port}`,
    key,
    close: async () => {
      await app.close();
      await own?.cleanup();
    },
  };
}

/** A live app, a team, and the changes its first technician's pusher-js client receives on the workspace channel. */
export interface WatchedTeam {
  live: LiveApp;
  team: Team;
  seen: ChangeEvent[];
  close(): Promise<void>;
}

export async function watchedTeam(options: LiveAppOptions = {}): Promise<WatchedTeam> {
  const live = await createLiveApp(options);
  const team = await createTeam(live.app);
  const tech = connectPusher(live, team.tech1.client);
  const seen = collectChanges(await subscribed(tech, `private-workspace-${team.owner.workspaceId}`));
  return {
    live,
    team,
    seen,
    close: async () => {
      tech.disconnect();
      await live.close();
    },
  };
}

/**
 * A form-encoded POST as pusher-js's ajax transport sends it, with the client's session cookie and
 * the app's own Origin. Node's XMLHttpRequest stand-in can't send Cookie/Origin, hence fetch.
 */
export async function postForm(live: LiveApp, client: CookieHolder | null, path: string, form: Record<string, string>) {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    origin: live.origin,
  };
  if (client) headers.cookie = cookieOf(client);
  return fetch(`${live.origin}${path}`, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
}

export async function connected(pusher: Pusher): Promise<string> {
  if (pusher.connection.state !== 'connected') {
    await new Promise<void>((resolve) => pusher.connection.bind('connected', () => resolve()));
  }
  return pusher.connection.socket_id;
}

/** Signs the client in (`pusher:signin`, as the app does on connect) and waits for the answer. */
export async function signedIn(pusher: Pusher): Promise<void> {
  pusher.signin();
  await connected(pusher);
  await eventually(() => pusher.user.user_data !== null, 3000, 'signin_success');
}

/** Close codes a pusher-js client reported (4009: terminated by the server). */
export function closeCodes(pusher: Pusher): number[] {
  const codes: number[] = [];
  pusher.connection.bind('error', (e: { error?: { data?: { code?: number } } }) => {
    if (e.error?.data?.code) codes.push(e.error.data.code);
  });
  return codes;
}

/** Subscribes; resolves when the server confirmed, rejects with the auth error otherwise. */
export function subscribed(pusher: Pusher, name: string): Promise<Channel> {
  const channel = pusher.subscribe(name);
  return new Promise((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve(channel));
    channel.bind('pusher:subscription_error', (err: unknown) => reject(new Error(JSON.stringify(err))));
  });
}

/** Every `change` event a channel receives, in arrival order. */
export function collectChanges(channel: Channel): ChangeEvent[] {
  const seen: ChangeEvent[] = [];
  channel.bind('change', (data: ChangeEvent) => seen.push(data));
  return seen;
}

/** Polls until `check` is true, failing after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A Node child process started with `args`, resolved once a line of its stdout or stderr matches `ready`
 * (e.g. the standalone realtime server's `{"listening": port}`), with that line. Owned from its start
 * (scripts/children.mjs): one that exits or is not ready within `timeoutMs` is killed, and any left when
 * the test process exits dies with it.
 */
export async function spawnUntil(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 30_000,
): Promise<{ child: ChildProcess; line: string; output: () => string }> {
  const child = spawnOwned(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const line = await untilReady(child, ready, { timeoutMs, what: args.join(' ') });
  return { child, line, output: () => output };
}

/** Stops a child started by `spawnUntil` (SIGTERM, then SIGKILL after 5 s). */
export const stopChild = (child: ChildProcess): Promise<void> => stopOwnedChild(child);

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** A browser-like client over real HTTP (another process): keeps its cookies, sends the server's Origin. */
export class HttpClient {
  cookies = new Map<string, string>();
  constructor(readonly origin: string) {}

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; json: () => unknown }> {
    const headers: Record<string, string> = { origin: this.origin, cookie: cookieOf(this) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.origin}${path}`, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, json: () => (text ? JSON.parse(text) : null) };
  }
}
