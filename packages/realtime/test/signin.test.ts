import type Pusher from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import { sign } from '../src/auth.js';
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

const ann = { id: 'u-ann', info: { name: 'Ann', role: 'dispatcher', colour: '#f00' } };

async function signedIn(pusher: Pusher) {
  pusher.signin();
  await connected(pusher);
  await eventually(() => pusher.user.user_data !== null, 3000, 'signin_success');
}

describe('user sign-in', () => {
  it('answers pusher:signin with pusher:signin_success', async () => {
    server = await startServer();
    const pusher = open(server.port, { user: ann });
    await signedIn(pusher);
    expect(pusher.user.user_data).toEqual({ id: ann.id, user_info: ann.info });
  });

  it('delivers events sent to the signed-in user (sendToUser)', async () => {
    server = await startServer();
    const pusher = open(server.port, { user: ann });
    await signedIn(pusher);
    await eventually(async () => (await server?.realtime.channelInfo(`#server-to-user-${ann.id}`))?.occupied === true);
    const received = nextEvent(pusher.user, 'notice');
    await sdk(server.port).sendToUser(ann.id, 'notice', { text: 'hi' });
    expect((await received).data).toEqual({ text: 'hi' });
  });

  it('joins presence as the signed-in user when the channel auth carries no channel_data', async () => {
    server = await startServer();
    const raw = await RawClient.open(server.port);
    const socketId = await raw.socketId();
    raw.send({
      event: 'pusher:signin',
      data: sdk(server.port).authenticateUser(socketId, { id: ann.id, user_info: ann.info }),
    });
    await raw.next((f) => f.event === 'pusher:signin_success');
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: 'presence-room', ...sdk(server.port).authorizeChannel(socketId, 'presence-room') },
    });
    const ok = await raw.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    expect(ok.data).toEqual({ presence: { ids: [ann.id], hash: { [ann.id]: ann.info }, count: 1 } });
    raw.close();
  });

  it('closes a sign-in with a wrong signature with 4009, and pusher-js stays disconnected', async () => {
    server = await startServer();
    const pusher = open(server.port, { user: ann, secret: 'wrong' });
    const errors: Array<{ data?: { code?: number } }> = [];
    pusher.connection.bind('error', (e: { data?: { code?: number } }) => errors.push(e));
    pusher.signin();
    await eventually(() => pusher.connection.state === 'disconnected', 3000, 'disconnected');
    expect(errors.some((e) => e.data?.code === 4009)).toBe(true);
    await sleep(1200);
    expect(pusher.connection.state).toBe('disconnected');
    expect(server.realtime.stats().connections).toBe(0);
  });

  it('refuses user_data without an id or with too large user_info, keeping the connection', async () => {
    server = await startServer();
    const raw = await RawClient.open(server.port);
    const socketId = await raw.socketId();
    const signed = (userData: string) => ({
      user_data: userData,
      auth: `${APP.key}:${sign(APP.secret, `${socketId}::user::${userData}`)}`,
    });
    raw.send({ event: 'pusher:signin', data: signed('{"name":"no id"}') });
    raw.send({ event: 'pusher:signin', data: signed(JSON.stringify({ id: 'u', user_info: { n: 'x'.repeat(1100) } })) });
    await eventually(() => raw.frames.filter((f) => f.event === 'pusher:error').length === 2, 2000, 'errors');
    expect(raw.frames.filter((f) => f.event === 'pusher:error').map((f) => (f.data as { code: number }).code)).toEqual([
      4308, 4306,
    ]);
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.next((f) => f.event === 'pusher:pong');
    raw.close();
  });
});

describe('terminate_connections', () => {
  it('closes every connection of the signed-in user with 4009; pusher-js does not reconnect; others stay', async () => {
    server = await startServer();
    const tab1 = open(server.port, { user: ann });
    const tab2 = open(server.port, { user: ann });
    const other = open(server.port, { user: { id: 'u-bob', info: {} } });
    await Promise.all([signedIn(tab1), signedIn(tab2), signedIn(other)]);
    const board = (await subscribed(other, 'presence-workspace-1')) as PresenceChannel;
    await subscribed(tab1, 'presence-workspace-1');
    await subscribed(tab2, 'presence-workspace-1');
    await eventually(() => board.members.count === 2);
    const removed = nextEvent<{ id: string }>(board, 'pusher:member_removed');

    const closeCodes: number[] = [];
    for (const tab of [tab1, tab2]) {
      tab.connection.bind('error', (e: { error?: { data?: { code?: number } } }) => {
        if (e.error?.data?.code) closeCodes.push(e.error.data.code);
      });
    }
    await sdk(server.port).terminateUserConnections(ann.id);
    await eventually(() => tab1.connection.state === 'disconnected' && tab2.connection.state === 'disconnected');
    expect(closeCodes).toEqual([4009, 4009]);
    expect((await removed).data.id).toBe(ann.id);
    await sleep(1200);
    expect([tab1.connection.state, tab2.connection.state, other.connection.state]).toEqual([
      'disconnected',
      'disconnected',
      'connected',
    ]);
    expect(server.realtime.stats().connections).toBe(1);
  });

  it('is also a method of the server for the app to call', async () => {
    server = await startServer();
    const tab = open(server.port, { user: ann });
    await signedIn(tab);
    await server.realtime.terminateUserConnections(ann.id);
    await eventually(() => tab.connection.state === 'disconnected');
  });
});
