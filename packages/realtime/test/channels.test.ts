import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher, { type PresenceChannel } from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APP,
  client,
  connected,
  eventually,
  nextEvent,
  RawClient,
  sdk,
  sleep,
  startServer,
  subscribed,
  type TestServer,
} from './helpers.js';

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

describe('public and private channels', () => {
  it('delivers events on a public channel until the client unsubscribes', async () => {
    server = await startServer();
    const pusher = open(server.port);
    const channel = await subscribed(pusher, 'jobs');
    const received = nextEvent(channel, 'moved');
    await sdk(server.port).trigger('jobs', 'moved', { id: 7 });
    expect((await received).data).toEqual({ id: 7 });
    expect(await server.realtime.channelInfo('jobs')).toEqual({ occupied: true, subscriptionCount: 1 });
    pusher.unsubscribe('jobs');
    await eventually(async () => !(await server?.realtime.channelInfo('jobs'))?.occupied, 2000, 'unsubscribe');
  });

  it('subscribes to a private channel with a valid signature', async () => {
    server = await startServer();
    const pusher = open(server.port);
    const channel = await subscribed(pusher, 'private-workspace-1');
    const received = nextEvent(channel, 'change');
    await server.realtime.publish('private-workspace-1', 'change', { seq: 1 });
    expect((await received).data).toEqual({ seq: 1 });
  });

  it('authorizes through an auth endpoint the way pusher-js does by default (form-encoded POST)', async () => {
    server = await startServer();
    const signer = sdk(server.port);
    const endpoint = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const auth = signer.authorizeChannel(form.get('socket_id') ?? '', form.get('channel_name') ?? '');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(auth));
      });
    });
    endpoint.listen(0, '127.0.0.1');
    await once(endpoint, 'listening');
    const pusher = new Pusher(APP.key, {
      cluster: 'local',
      wsHost: '127.0.0.1',
      wsPort: server.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      channelAuthorization: {
        transport: 'ajax',
        endpoint: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/realtime/auth`,
      },
    });
    clients.push(pusher);
    await subscribed(pusher, 'private-workspace-2');
    endpoint.close();
  });

  it('refuses a wrong signature with pusher:subscription_error (401) and keeps the connection', async () => {
    server = await startServer();
    const pusher = open(server.port, { secret: 'not-the-secret' });
    const socketId = await connected(pusher);
    const channel = pusher.subscribe('private-workspace-1');
    const { data } = await nextEvent<{ type: string; status: number }>(channel, 'pusher:subscription_error');
    expect(data).toMatchObject({ type: 'AuthError', status: 401 });
    await sleep(100);
    expect(pusher.connection.state).toBe('connected');
    expect(pusher.connection.socket_id).toBe(socketId);
    expect(await server.realtime.channelInfo('private-workspace-1')).toMatchObject({ occupied: false });
  });

  it('refuses a private subscription without auth, or signed for another socket', async () => {
    server = await startServer();
    const raw = await RawClient.open(server.port);
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-a' } });
    const other = sdk(server.port).authorizeChannel('1.2', 'private-b');
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-b', auth: other.auth } });
    for (const channel of ['private-a', 'private-b']) {
      const error = await raw.next((f) => f.event === 'pusher:subscription_error' && f.channel === channel);
      expect(error.data).toMatchObject({ type: 'AuthError', status: 401 });
    }
    raw.close();
  });

  it('checks the signature before parsing channel_data', async () => {
    server = await startServer();
    const raw = await RawClient.open(server.port);
    await raw.socketId();
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: 'presence-a', auth: `${APP.key}:${'0'.repeat(64)}`, channel_data: '{oops' },
    });
    const error = await raw.next((f) => f.event === 'pusher:subscription_error');
    expect(error.data).toMatchObject({ type: 'AuthError', status: 401 });
    expect(raw.frames.some((f) => f.event === 'pusher:error')).toBe(false);
    raw.close();
  });

  it('refuses channel names that are too long or hold other characters with error 4304', async () => {
    server = await startServer();
    const raw = await RawClient.open(server.port);
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'a'.repeat(165) } });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'jobs/1' } });
    await eventually(() => raw.frames.filter((f) => f.event === 'pusher:error').length === 2, 2000, 'errors');
    for (const f of raw.frames.filter((f) => f.event === 'pusher:error')) expect(f.data).toMatchObject({ code: 4304 });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'a'.repeat(164) } });
    await raw.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    raw.close();
  });
});

describe('presence channels', () => {
  const ann = { id: 'u-ann', info: { name: 'Ann', role: 'dispatcher', colour: '#f00' } };
  const bob = { id: 'u-bob', info: { name: 'Bob', role: 'technician', colour: '#00f' } };

  it('counts two tabs of one user as one member: added on the first join, removed on the last leave', async () => {
    server = await startServer();
    const watcher = open(server.port, { user: ann });
    const watched = (await subscribed(watcher, 'presence-workspace-1')) as PresenceChannel;
    expect(watched.members.count).toBe(1);
    expect(watched.members.me).toEqual({ id: ann.id, info: ann.info });
    const added: string[] = [];
    const removed: string[] = [];
    watched.bind('pusher:member_added', (m: { id: string }) => added.push(m.id));
    watched.bind('pusher:member_removed', (m: { id: string }) => removed.push(m.id));

    const tab1 = open(server.port, { user: bob });
    const tab1Channel = (await subscribed(tab1, 'presence-workspace-1')) as PresenceChannel;
    expect(tab1Channel.members.count).toBe(2);
    expect(tab1Channel.members.get(ann.id)).toEqual({ id: ann.id, info: ann.info });
    await eventually(() => added.length === 1, 2000, 'member_added');
    const tab2 = open(server.port, { user: bob });
    const tab2Channel = (await subscribed(tab2, 'presence-workspace-1')) as PresenceChannel;
    expect(tab2Channel.members.count).toBe(2);
    expect(await server.realtime.channelInfo('presence-workspace-1')).toEqual({
      occupied: true,
      subscriptionCount: 3,
      userCount: 2,
    });

    tab1.disconnect();
    await eventually(async () => (await server?.realtime.channelInfo('presence-workspace-1'))?.subscriptionCount === 2);
    await sleep(100);
    expect(removed).toEqual([]);
    tab2.unsubscribe('presence-workspace-1');
    await eventually(() => removed.length === 1, 2000, 'member_removed');
    expect(added).toEqual([bob.id]);
    expect(removed).toEqual([bob.id]);
    expect(watched.members.count).toBe(1);
    expect(await server.realtime.presenceMembers('presence-workspace-1')).toEqual([{ id: ann.id, info: ann.info }]);
  });

  it('refuses a member past maxPresenceMembers with error 4305, letting known users open more tabs', async () => {
    server = await startServer({ limits: { maxPresenceMembers: 1 } });
    await subscribed(open(server.port, { user: ann }), 'presence-room');
    await subscribed(open(server.port, { user: ann }), 'presence-room');
    const late = open(server.port, { user: bob });
    const errors: unknown[] = [];
    late.connection.bind('error', (e: unknown) => errors.push(e));
    const { data } = await nextEvent<{ type: string; status: number }>(
      late.subscribe('presence-room'),
      'pusher:subscription_error',
    );
    expect(data).toMatchObject({ type: 'LimitReached', status: 4305 });
    expect(errors).toContainEqual({ type: 'PusherError', data: { code: 4305, message: expect.any(String) } });
  });

  it('refuses user_info larger than 1 KB with error 4306', async () => {
    server = await startServer();
    const big = open(server.port, { user: { id: 'u-big', info: { name: 'x'.repeat(1100) } } });
    const { data } = await nextEvent<{ status: number }>(big.subscribe('presence-room'), 'pusher:subscription_error');
    expect(data.status).toBe(4306);
  });
});

describe('socket exclusion', () => {
  it('does not deliver an event to the socket_id it excludes', async () => {
    server = await startServer();
    const a = open(server.port);
    const b = open(server.port);
    const [channelA, channelB] = await Promise.all([subscribed(a, 'jobs'), subscribed(b, 'jobs')]);
    const gotA: unknown[] = [];
    channelA.bind('moved', (d: unknown) => gotA.push(d));
    const atB = nextEvent(channelB, 'moved');
    await sdk(server.port).trigger('jobs', 'moved', { n: 1 }, { socket_id: a.connection.socket_id });
    await atB;
    await sleep(100);
    expect(gotA).toEqual([]);
  });
});
