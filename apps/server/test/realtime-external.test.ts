import type { ChildProcess } from 'node:child_process';
import type { ChangeEvent, PublicConfig } from '@fieldplan/shared';
import PusherServer from 'pusher';
import type Pusher from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ConfigError, loadConfig } from '../src/config.js';
import { ws } from './helpers.js';
import {
  closeCodes,
  collectChanges,
  connectPusher,
  createLiveApp,
  eventually,
  type LiveApp,
  signedIn,
  spawnUntil,
  stopChild,
  subscribed,
} from './realtime-harness.js';
import { createJob, createTeam, type Team } from './schedule-helpers.js';

const APP = { appId: 'ext-app', key: 'ext-key', secret: 'ext-secret-not-the-embedded-one' };
const APP_ENV = { PUSHER_APP_ID: APP.appId, PUSHER_KEY: APP.key, PUSHER_SECRET: APP.secret };

/**
 * PUSHER_* point Fieldplan at an external Pusher-compatible service — here our standalone server in its
 * own process — so the publisher speaks the Pusher HTTP API through the official SDK, the browser is
 * sent there, and Fieldplan's own port serves no WebSocket.
 */
describe('an external Pusher-compatible service', () => {
  let external: { child: ChildProcess; port: number };
  let live: LiveApp;
  let team: Team;
  const clients: Pusher[] = [];
  const target = () => ({ port: external.port, key: APP.key, origin: live.origin });
  const sdk = () => new PusherServer({ ...APP, host: '127.0.0.1', port: String(external.port), useTLS: false });

  beforeAll(async () => {
    const started = await spawnUntil(
      ['--import', 'tsx', 'packages/realtime/src/standalone.ts'],
      { REALTIME_APP_ID: APP.appId, REALTIME_KEY: APP.key, REALTIME_SECRET: APP.secret, PORT: '0', LOG_LEVEL: 'warn' },
      /"listening"/,
    );
    external = { child: started.child, port: (JSON.parse(started.line) as { listening: number }).listening };
    live = await createLiveApp({
      env: {
        PUSHER_APP_ID: APP.appId,
        PUSHER_KEY: APP.key,
        PUSHER_SECRET: APP.secret,
        PUSHER_HOST: '127.0.0.1',
        PUSHER_PORT: String(external.port),
        PUSHER_TLS: 'false',
      },
    });
    team = await createTeam(live.app);
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await live?.close();
    if (external) await stopChild(external.child);
  });

  it('GET /api/v1/config sends the browser to the external service', async () => {
    const config = (await live.app.inject('/api/v1/config')).json() as PublicConfig;
    expect(config.realtime).toEqual({
      key: APP.key,
      wsHost: '127.0.0.1',
      wsPort: external.port,
      forceTLS: false,
      cluster: 'mt1',
    });
  });

  it('Fieldplan’s own port runs no realtime server: no WebSocket, no HTTP API', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${live.port}/app/${APP.key}?protocol=7`);
    let opened = false;
    socket.on('open', () => {
      opened = true;
    });
    const status = new Promise<number>((resolve) => {
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    });
    socket.on('error', () => undefined);
    // Without an upgrade listener the request is an ordinary one: Fieldplan's 404.
    expect(await status).toBe(404);
    expect(opened).toBe(false);
    socket.terminate();
    const api = await live.app.inject('/apps/ext-app/channels');
    expect(api.statusCode).toBe(404);
  });

  it('a change is published through the SDK to the service and reaches a subscribed client', async () => {
    const tech = connectPusher(target(), team.tech1.client);
    clients.push(tech);
    const channel = await subscribed(tech, `private-workspace-${team.owner.workspaceId}`);
    const seen: ChangeEvent[] = collectChanges(channel);
    const job = await createJob(team.dispatcher, { title: 'Via the external service' });
    await eventually(() => seen.some((e) => e.data.id === job.id), 5000, 'change event');
    expect(seen.find((e) => e.data.id === job.id)).toMatchObject({ entity: 'job', action: 'created', data: job });
  });

  it('presence is signed by Fieldplan with the external secret; the service reports the members', async () => {
    const owner = connectPusher(target(), team.owner.client);
    clients.push(owner);
    const board = (await subscribed(owner, `presence-workspace-${team.owner.workspaceId}`)) as PresenceChannel;
    expect(board.members.me).toMatchObject({ id: team.owner.userId, info: { role: 'owner' } });
    const res = await sdk().get({ path: `/channels/presence-workspace-${team.owner.workspaceId}/users` });
    expect(((await res.json()) as { users: Array<{ id: string }> }).users).toEqual([{ id: team.owner.userId }]);
  });

  it('deactivating a member terminates their connections through the SDK', async () => {
    const viewer = connectPusher(target(), team.viewer.client);
    clients.push(viewer);
    const codes = closeCodes(viewer);
    await signedIn(viewer);
    const res = await team.owner.client.patch(ws(team.owner.workspaceId, `/members/${team.viewer.memberId}`), {
      active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(() => viewer.connection.state === 'disconnected', 5000, 'viewer disconnected');
    expect(codes).toContain(4009);
  });

  it('refuses to start with only some of PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET, naming the missing ones', () => {
    expect(() => loadConfig({ PUSHER_KEY: 'k' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUSHER_KEY: 'k', PUSHER_SECRET: 's' })).toThrow(/PUSHER_APP_ID: required/);
    expect(loadConfig({ ...APP_ENV }).PUSHER_KEY).toBe(APP.key);
  });
});
