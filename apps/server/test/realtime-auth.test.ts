import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import type { PublicConfig, Role } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
import PusherJs from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config.js';
import { resolveCredentials } from '../src/realtime/credentials.js';
import { type Client, signUpOwner } from './harness.js';
import { expectProblem } from './helpers.js';
import {
  connected,
  connectPusher,
  createLiveApp,
  type LiveApp,
  postForm,
  sleep,
  subscribed,
} from './realtime-harness.js';
import { createTeam, type Team } from './schedule-helpers.js';

/** Channel authorization and user authentication (docs/PRODUCT.md, "Roles and permissions"). */
describe('realtime auth endpoints', () => {
  let live: LiveApp;
  let team: Team;
  let stranger: Awaited<ReturnType<typeof signUpOwner>>;
  const socketId = '1234.5678';
  const channels = (ws: string) => ({
    changes: `private-workspace-${ws}`,
    presence: `presence-workspace-${ws}`,
    locations: `private-locations-${ws}`,
  });
  const callers = (): Record<Role, { client: Client; userId: string }> => ({
    owner: team.owner,
    dispatcher: team.dispatcher,
    technician: team.tech1,
    viewer: team.viewer,
  });
  let secret = '';
  const sign = (value: string) => createHmac('sha256', secret).update(value).digest('hex');

  beforeAll(async () => {
    live = await createLiveApp();
    team = await createTeam(live.app);
    stranger = await signUpOwner(live.app, 'Stranger');
    secret = (await resolveCredentials(loadConfig({}), live.db)).secret;
  });
  afterAll(() => live.close());

  const allowed: Record<Role, Record<'changes' | 'presence' | 'locations', boolean>> = {
    owner: { changes: true, presence: true, locations: true },
    dispatcher: { changes: true, presence: true, locations: true },
    technician: { changes: true, presence: true, locations: false },
    viewer: { changes: true, presence: true, locations: false },
  };

  describe.each(Object.keys(allowed) as Role[])('as %s', (role) => {
    for (const kind of ['changes', 'presence', 'locations'] as const) {
      it(`${allowed[role][kind] ? 'signs' : 'refuses (403)'} the ${kind} channel of their workspace`, async () => {
        const channel = channels(team.owner.workspaceId)[kind];
        const res = await postForm(live, callers()[role].client, '/api/realtime/auth', {
          socket_id: socketId,
          channel_name: channel,
        });
        if (!allowed[role][kind]) {
          expect(res.status).toBe(403);
          expect(((await res.json()) as { code: string }).code).toBe('forbidden');
          return;
        }
        expect(res.status).toBe(200);
        const body = (await res.json()) as { auth: string; channel_data?: string };
        if (kind === 'presence') {
          const data = JSON.parse(body.channel_data ?? '{}');
          expect(data.user_info).toEqual({ name: expect.any(String), role, colour: expect.stringMatching(/^#/) });
          expect(body.auth).toBe(`${live.key}:${sign(`${socketId}:${channel}:${body.channel_data}`)}`);
        } else {
          // Bound to the caller: the embedded server refuses it on a connection signed in as anyone else.
          expect(JSON.parse(body.channel_data ?? '{}')).toEqual({ user_id: callers()[role].userId });
          expect(body.auth).toBe(`${live.key}:${sign(`${socketId}:${channel}:${body.channel_data}`)}`);
        }
      });
    }

    it('is refused (403) every channel of another workspace', async () => {
      for (const channel of Object.values(channels(stranger.workspaceId))) {
        const res = await postForm(live, callers()[role].client, '/api/realtime/auth', {
          socket_id: socketId,
          channel_name: channel,
        });
        expect(res.status, channel).toBe(403);
      }
    });
  });

  it('presence identity is the user id with {name, role, colour}', async () => {
    const channel = channels(team.owner.workspaceId).presence;
    const res = await postForm(live, team.tech1.client, '/api/realtime/auth', {
      socket_id: socketId,
      channel_name: channel,
    });
    const data = JSON.parse(((await res.json()) as { channel_data: string }).channel_data);
    expect(data).toEqual({
      user_id: team.tech1.userId,
      user_info: { name: 'Tim Tech', role: 'technician', colour: expect.stringMatching(/^#[0-9A-F]{6}$/) },
    });
  });

  it('refuses channels that are not a workspace’s (public, encrypted, other prefixes) with 403', async () => {
    for (const channel of ['public-chat', `private-encrypted-workspace-${team.owner.workspaceId}`, 'private-x']) {
      const res = await postForm(live, team.owner.client, '/api/realtime/auth', {
        socket_id: socketId,
        channel_name: channel,
      });
      expect(res.status, channel).toBe(403);
    }
  });

  it('without a session answers 401, with a malformed socket id 400', async () => {
    const channel = channels(team.owner.workspaceId).changes;
    const anonymous = await postForm(live, null, '/api/realtime/auth', { socket_id: socketId, channel_name: channel });
    expect(anonymous.status).toBe(401);
    const bad = await postForm(live, team.owner.client, '/api/realtime/auth', {
      socket_id: 'abc',
      channel_name: channel,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Array<{ path: string }> }).errors[0]?.path).toBe('socket_id');
  });

  it('refuses a cookie-carrying request from another origin (CSRF)', async () => {
    const res = await team.owner.client.request('POST', '/api/realtime/auth', undefined, {
      origin: 'https://evil.example',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expectProblem(res, 403, 'forbidden');
  });

  it('takes form-encoded bodies (pusher-js’s default) as well as JSON', async () => {
    const channel = channels(team.owner.workspaceId).changes;
    const form = await team.owner.client.request('POST', '/api/realtime/auth', undefined, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(400);
    const injected = await live.app.inject({
      method: 'POST',
      url: '/api/realtime/auth',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:80',
        cookie: [...team.owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: `socket_id=${socketId}&channel_name=${encodeURIComponent(channel)}`,
    });
    expect(injected.statusCode, injected.body).toBe(200);
    const json = await team.owner.client.post('/api/realtime/auth', { socket_id: socketId, channel_name: channel });
    expect(json.statusCode).toBe(200);
    expect(json.json().auth).toBe(injected.json().auth);
  });

  it('user-auth signs {id, user_info: {name}} for pusher:signin', async () => {
    const res = await postForm(live, team.dispatcher.client, '/api/realtime/user-auth', { socket_id: socketId });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { auth: string; user_data: string };
    expect(JSON.parse(body.user_data)).toEqual({ id: team.dispatcher.userId, user_info: { name: 'Dora Dispatch' } });
    expect(body.auth).toBe(`${live.key}:${sign(`${socketId}::user::${body.user_data}`)}`);
    expect((await postForm(live, null, '/api/realtime/user-auth', { socket_id: socketId })).status).toBe(401);
  });

  describe('with pusher-js', () => {
    const clients: Pusher[] = [];
    afterEach(() => {
      for (const c of clients.splice(0)) c.disconnect();
    });

    it('a dispatcher joins all three channels and signs in; a technician is refused the locations channel', async () => {
      const c = channels(team.owner.workspaceId);
      const dispatcher = connectPusher(live, team.dispatcher.client);
      const tech = connectPusher(live, team.tech1.client);
      clients.push(dispatcher, tech);
      dispatcher.signin();
      await connected(dispatcher);
      await Promise.all([
        subscribed(dispatcher, c.changes),
        subscribed(dispatcher, c.presence),
        subscribed(dispatcher, c.locations),
      ]);
      await subscribed(tech, c.changes);
      await expect(subscribed(tech, c.locations)).rejects.toThrow(/403/);
    });

    it('refuses a forged or replayed subscription at once as an invalid signature, without waiting for a sign-in', async () => {
      const channel = channels(team.owner.workspaceId).changes;
      // A genuine authorization, but made for another socket: replayed on this one it is forged.
      const res = await postForm(live, team.tech1.client, '/api/realtime/auth', {
        socket_id: socketId,
        channel_name: channel,
      });
      const replayed = (await res.json()) as { auth: string; channel_data: string };
      const forged = [replayed, { auth: `${live.key}:${'0'.repeat(64)}` }];
      for (const signed of forged) {
        const pusher = new PusherJs(live.key, {
          cluster: 'fieldplan',
          wsHost: '127.0.0.1',
          wsPort: live.port,
          forceTLS: false,
          enabledTransports: ['ws'],
          disableStats: true,
          channelAuthorization: {
            endpoint: '/unused',
            transport: 'ajax',
            customHandler: (_params, callback) => callback(null, signed),
          },
        });
        clients.push(pusher);
        // Never signed in: the embedded server holds a signed subscription up to 30 s for the sign-in.
        // A forged one must not wait that long; well under it, the refusal must be there.
        const answer = subscribed(pusher, channel).then(
          () => 'subscribed',
          (err: Error) => err.message,
        );
        const stillWaiting = sleep(10_000).then(() => 'still waiting');
        const outcome = await Promise.race([answer, stillWaiting]);
        expect(outcome.startsWith('{') ? JSON.parse(outcome) : outcome).toEqual({
          type: 'AuthError',
          error: `Invalid signature for ${channel}`,
          status: 401,
        });
      }
    }, 30_000);
  });

  describe('WebSocket upgrade origin', () => {
    const open = (origin?: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${live.port}/app/${live.key}?protocol=7`, {
          headers: origin ? { origin } : {},
        });
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => undefined);
      });

    it('takes the app’s own origin and server-side clients (no Origin); refuses foreign origins', async () => {
      expect(await open(live.origin)).toBe(101);
      expect(await open()).toBe(101);
      expect(await open('https://evil.example')).toBe(403);
      expect(await open(`http://127.0.0.1:${live.port + 1}`)).toBe(403);
    });

    it('answers 404 to other upgrade paths', async () => {
      const ws = new WebSocket(`ws://127.0.0.1:${live.port}/elsewhere`);
      const [, res] = (await once(ws, 'unexpected-response')) as [unknown, { statusCode: number }];
      expect(res.statusCode).toBe(404);
    });
  });

  describe('with PUBLIC_URL', () => {
    it('tells the browser to connect there and takes upgrades only from that origin', async () => {
      const behind = await createLiveApp({ env: { PUBLIC_URL: 'https://fieldplan.example' } });
      try {
        const config = (await behind.app.inject('/api/v1/config')).json() as PublicConfig;
        expect(config.realtime).toEqual({
          key: behind.key,
          wsHost: 'fieldplan.example',
          wsPort: 443,
          forceTLS: true,
          cluster: 'fieldplan',
        });
        const status = (origin: string) =>
          new Promise<number>((resolve) => {
            const ws = new WebSocket(`ws://127.0.0.1:${behind.port}/app/${behind.key}?protocol=7`, {
              headers: { origin },
            });
            ws.on('open', () => {
              ws.close();
              resolve(101);
            });
            ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
            ws.on('error', () => undefined);
          });
        expect(await status('https://fieldplan.example')).toBe(101);
        expect(await status(behind.origin)).toBe(403);
      } finally {
        await behind.close();
      }
    });
  });
});
