import PusherServer from 'pusher';
import type Pusher from 'pusher-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP, client, nextEvent, sdk, startServer, subscribed, type TestServer } from './helpers.js';

let server: TestServer | undefined;
const clients: Pusher[] = [];
const open = (...args: Parameters<typeof client>) => {
  const pusher = client(...args);
  clients.push(pusher);
  return pusher;
};
afterEach(async () => {
  for (const pusher of clients.splice(0)) pusher.disconnect();
  await server?.close();
  server = undefined;
});

/** Status and JSON body of a failed SDK call. */
async function failure(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await call;
  } catch (err) {
    const e = err as { status: number; body: string };
    return { status: e.status, body: JSON.parse(e.body) };
  }
  throw new Error('the call succeeded');
}

/** A request signed by the SDK itself as if at `timestamp` (seconds): a captured request replayed later. */
function signedUrl(port: number, method: string, path: string, body: string, timestamp: number) {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(timestamp * 1000);
  try {
    return `http://127.0.0.1:${port}${path}?${sdk(port).createSignedQueryString({ method, path, body })}`;
  } finally {
    clock.mockRestore();
  }
}

/** POSTs any JSON body through the SDK's signer (its types say string, but it JSON-encodes the body itself). */
const postJson = (api: PusherServer, path: string, body: object) => api.post({ path, body: body as unknown as string });

describe('POST /apps/:id/events', () => {
  it('triggers one event on several channels', async () => {
    server = await startServer();
    const pusher = open(server.port);
    const [a, b] = await Promise.all([subscribed(pusher, 'jobs'), subscribed(pusher, 'private-workspace-1')]);
    const got = Promise.all([nextEvent(a, 'changed'), nextEvent(b, 'changed')]);
    const res = await sdk(server.port).trigger(['jobs', 'private-workspace-1'], 'changed', { seq: 9 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect((await got).map((e) => e.data)).toEqual([{ seq: 9 }, { seq: 9 }]);
  });

  it('answers info=subscription_count,user_count per channel', async () => {
    server = await startServer();
    await subscribed(open(server.port, { user: { id: 'u1' } }), 'presence-room');
    const res = await sdk(server.port).trigger('presence-room', 'e', {}, { info: 'subscription_count,user_count' });
    expect(await res.json()).toEqual({ channels: { 'presence-room': { subscription_count: 1, user_count: 1 } } });
  });

  it('refuses more than 100 channels, data over 10 KB, bad names and malformed bodies', async () => {
    server = await startServer();
    const api = sdk(server.port);
    const channels = Array.from({ length: 101 }, (_, i) => `c${i}`);
    expect((await failure(postJson(api, '/events', { name: 'e', data: '{}', channels }))).status).toBe(400);
    const big = await failure(api.trigger('jobs', 'e', 'x'.repeat(10 * 1024 + 1)));
    expect(big).toEqual({ status: 413, body: { error: expect.stringContaining('larger than') } });
    expect((await failure(postJson(api, '/events', { name: 'e', data: '{}', channels: ['a b'] }))).status).toBe(400);
    expect((await failure(postJson(api, '/events', { data: '{}', channels: ['a'] }))).status).toBe(400);
    expect((await failure(postJson(api, '/events', { name: 'e', data: {}, channels: ['a'] }))).status).toBe(400);
  });
});

describe('POST /apps/:id/batch_events', () => {
  it('triggers up to 10 events and refuses 11', async () => {
    server = await startServer();
    const pusher = open(server.port);
    const channel = await subscribed(pusher, 'jobs');
    const seen: unknown[] = [];
    const all = new Promise<void>((resolve) =>
      channel.bind('n', (d: unknown) => {
        seen.push(d);
        if (seen.length === 10) resolve();
      }),
    );
    const batch = Array.from({ length: 10 }, (_, i) => ({ channel: 'jobs', name: 'n', data: { i } }));
    const expected = batch.map((b) => b.data); // the SDK JSON-encodes `data` in place
    expect((await sdk(server.port).triggerBatch(batch)).status).toBe(200);
    await all;
    expect(seen).toEqual(expected);
    const tooMany = Array.from({ length: 11 }, () => ({ channel: 'jobs', name: 'n', data: {} }));
    expect((await failure(sdk(server.port).triggerBatch(tooMany))).status).toBe(400);
  });
});

describe('channel queries', () => {
  it('lists occupied channels, filtered by prefix, with user_count for presence', async () => {
    server = await startServer();
    await subscribed(open(server.port), 'jobs');
    await subscribed(open(server.port), 'private-workspace-1');
    const ann = open(server.port, { user: { id: 'ann' } });
    await subscribed(ann, 'presence-workspace-1');
    await subscribed(open(server.port, { user: { id: 'ann' } }), 'presence-workspace-1');
    const api = sdk(server.port);
    expect(await (await api.get({ path: '/channels' })).json()).toEqual({
      channels: { jobs: {}, 'private-workspace-1': {}, 'presence-workspace-1': {} },
    });
    const presence = await api.get({
      path: '/channels',
      params: { filter_by_prefix: 'presence-', info: 'user_count' },
    });
    expect(await presence.json()).toEqual({ channels: { 'presence-workspace-1': { user_count: 1 } } });
    expect((await failure(api.get({ path: '/channels', params: { info: 'user_count' } }))).status).toBe(400);
  });

  it('describes one channel: occupied, subscription_count, user_count', async () => {
    server = await startServer();
    await subscribed(open(server.port, { user: { id: 'ann' } }), 'presence-room');
    await subscribed(open(server.port, { user: { id: 'bob' } }), 'presence-room');
    const api = sdk(server.port);
    const info = await api.get({ path: '/channels/presence-room', params: { info: 'user_count,subscription_count' } });
    expect(await info.json()).toEqual({ occupied: true, user_count: 2, subscription_count: 2 });
    expect(await (await api.get({ path: '/channels/empty' })).json()).toEqual({ occupied: false });
    expect((await failure(api.get({ path: '/channels/jobs', params: { info: 'user_count' } }))).status).toBe(400);
  });

  it('lists the users of a presence channel', async () => {
    server = await startServer();
    await subscribed(open(server.port, { user: { id: 'ann' } }), 'presence-room');
    await subscribed(open(server.port, { user: { id: 'bob' } }), 'presence-room');
    const users = await (await sdk(server.port).get({ path: '/channels/presence-room/users' })).json();
    expect(users.users.map((u: { id: string }) => u.id).sort()).toEqual(['ann', 'bob']);
    expect((await failure(sdk(server.port).get({ path: '/channels/jobs/users' }))).status).toBe(400);
  });
});

describe('request signing', () => {
  it('refuses a request signed with the wrong secret, or for another key, with 401', async () => {
    server = await startServer();
    expect(await failure(sdk(server.port, 'wrong').trigger('jobs', 'e', {}))).toEqual({
      status: 401,
      body: { error: 'Invalid signature' },
    });
    const otherKey = new PusherServer({
      ...APP,
      key: 'other',
      host: '127.0.0.1',
      port: String(server.port),
      useTLS: false,
    });
    expect((await failure(otherKey.get({ path: '/channels' }))).status).toBe(401);
  });

  it('refuses a captured request replayed more than 600 s later, and accepts it within the window', async () => {
    server = await startServer();
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ name: 'e', data: '{}', channels: ['jobs'] });
    const post = (url: string) => fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect((await post(signedUrl(server.port, 'POST', '/apps/1/events', body, now - 500))).status).toBe(200);
    // 5 s past the window on either side: the requests before these may take a second or two on a busy machine.
    const replayed = await post(signedUrl(server.port, 'POST', '/apps/1/events', body, now - 605));
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ error: expect.stringContaining('auth_timestamp') });
    expect((await post(signedUrl(server.port, 'POST', '/apps/1/events', body, now + 605))).status).toBe(401);
  });

  it('refuses a body that does not match body_md5', async () => {
    server = await startServer();
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ name: 'e', data: '{}', channels: ['jobs'] });
    const url = signedUrl(server.port, 'POST', '/apps/1/events', body, now);
    const tampered = body.replace('jobs', 'bank');
    const res = await fetch(url, { method: 'POST', body: tampered, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
  });

  it('answers unknown apps and paths with JSON 404s', async () => {
    server = await startServer();
    const other = new PusherServer({ ...APP, appId: '2', host: '127.0.0.1', port: String(server.port), useTLS: false });
    expect(await failure(other.get({ path: '/channels' }))).toEqual({ status: 404, body: { error: 'Unknown app' } });
    expect((await failure(sdk(server.port).get({ path: '/nothing' }))).status).toBe(404);
  });
});
