import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';

/** How this process reaches its realtime service: the embedded server, or an external one. */
export interface RealtimeCredentials {
  appId: string;
  /** Public: browsers connect with it. */
  key: string;
  /** Signs channel authorizations, sign-ins and HTTP API calls; never logged nor sent to a browser. */
  secret: string;
  /** Set when PUSHER_* name an external Pusher-compatible service. */
  external: ExternalService | null;
}

export interface ExternalService {
  /** The HTTP API host (and the WebSocket host, except for Pusher's own clusters). */
  host: string;
  port: number;
  useTLS: boolean;
  wsHost: string;
  cluster: string;
}

/**
 * A per-install random value (the embedded server's credentials derive from `realtime`): made once by
 * whichever process starts first (insert-if-absent) and read by every other process on the same
 * database, so processes behind one load balancer sign and verify alike without any configuration.
 */
export async function installSecret(db: Db, secretName: string): Promise<string> {
  const read = () =>
    db.kysely.selectFrom('install_secrets').select('value').where('name', '=', secretName).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value;
  await db.kysely
    .insertInto('install_secrets')
    .values({ name: secretName, value: randomBytes(32).toString('base64url'), created_at: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const made = await read();
  if (!made) throw new Error(`could not store the install secret ${secretName}`);
  return made.value;
}

const derive = (seed: string, label: string) => createHmac('sha256', seed).update(label).digest('hex');

/** PUSHER_APP_ID/KEY/SECRET (all three, checked by loadConfig) select the external service. */
export async function resolveCredentials(config: Config, db: Db): Promise<RealtimeCredentials> {
  const { PUSHER_APP_ID: appId, PUSHER_KEY: key, PUSHER_SECRET: secret } = config;
  if (appId && key && secret) {
    const cluster = config.PUSHER_CLUSTER ?? 'mt1';
    const useTLS = config.PUSHER_TLS ?? true;
    const host = config.PUSHER_HOST ?? `api-${cluster}.pusher.com`;
    const external: ExternalService = {
      host,
      port: config.PUSHER_PORT ?? (useTLS ? 443 : 80),
      useTLS,
      // Pusher's clusters take WebSockets on ws-{cluster}; self-hosted services on one host.
      wsHost: config.PUSHER_HOST ?? `ws-${cluster}.pusher.com`,
      cluster,
    };
    return { appId, key, secret, external };
  }
  const seed = await installSecret(db, 'realtime');
  return {
    appId: 'fieldplan',
    key: `fp${derive(seed, 'fieldplan realtime key v1').slice(0, 20)}`,
    secret: derive(seed, 'fieldplan realtime secret v1'),
    external: null,
  };
}
