import type Pusher from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import { client, eventually, RawClient, sdk, sleep, startServer, subscribed, type TestServer } from './helpers.js';

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

describe('client events', () => {
  it('are off unless the server turns them on: refused with 4301, never relayed, the connection stays', async () => {
    server = await startServer();
    const signer = sdk(server.port);
    const raw = await RawClient.open(server.port);
    const socketId = await raw.socketId();
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-board', ...signer.authorizeChannel(socketId, 'private-board') },
    });
    await raw.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    const receiver = open(server.port);
    const got = await subscribed(receiver, 'private-board');
    const relayed: unknown[] = [];
    got.bind('client-flood', (d: unknown) => relayed.push(d));
    raw.send({ event: 'client-flood', channel: 'private-board', data: { big: 'x'.repeat(9000) } });
    const error = await raw.next((f) => f.event === 'pusher:error');
    expect(error.data).toMatchObject({ code: 4301, message: expect.stringMatching(/not enabled/) });
    // An app event on the same channel still arrives after it, so the client event had its chance to.
    const app = new Promise((resolve) => got.bind('change', resolve));
    await signer.trigger('private-board', 'change', { seq: 1 });
    await app;
    expect(relayed).toEqual([]);
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    raw.close();
  });

  it('relays a client- event to the other subscribers, not back to the sender', async () => {
    server = await startServer({ clientEvents: true });
    const sender = open(server.port);
    const receiver = open(server.port);
    const [sent, got] = await Promise.all([subscribed(sender, 'private-chat'), subscribed(receiver, 'private-chat')]);
    const echoes: unknown[] = [];
    sent.bind('client-typing', (d: unknown) => echoes.push(d));
    const received = new Promise((resolve) => got.bind('client-typing', resolve));
    sent.trigger('client-typing', { who: 'me' });
    expect(await received).toEqual({ who: 'me' });
    await sleep(100);
    expect(echoes).toEqual([]);
  });

  it('adds the sender user_id on presence channels', async () => {
    server = await startServer({ clientEvents: true });
    const sender = open(server.port, { user: { id: 'u-1', info: {} } });
    const receiver = open(server.port, { user: { id: 'u-2', info: {} } });
    const [sent, got] = await Promise.all([subscribed(sender, 'presence-room'), subscribed(receiver, 'presence-room')]);
    const received = new Promise((resolve) => got.bind('client-ping', (_d: unknown, meta: unknown) => resolve(meta)));
    sent.trigger('client-ping', {});
    expect(await received).toEqual({ user_id: 'u-1' });
  });

  it('refuses client events on public channels and on channels the sender is not subscribed to (4307)', async () => {
    server = await startServer({ clientEvents: true });
    const raw = await RawClient.open(server.port);
    const socketId = await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'jobs' } });
    await raw.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    raw.send({ event: 'client-x', channel: 'jobs', data: {} });
    raw.send({ event: 'client-x', channel: 'private-other', data: {} });
    await eventually(() => raw.frames.filter((f) => f.event === 'pusher:error').length === 2, 2000, 'errors');
    for (const f of raw.frames.filter((f) => f.event === 'pusher:error')) expect(f.data).toMatchObject({ code: 4307 });
    expect(socketId).toBeTruthy();
    raw.close();
  });

  it('allows 10 client events a second per connection and answers the rest with 4301', async () => {
    server = await startServer({ clientEvents: true });
    const signer = sdk(server.port);
    const raw = await RawClient.open(server.port);
    const socketId = await raw.socketId();
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-chat', ...signer.authorizeChannel(socketId, 'private-chat') },
    });
    await raw.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    const receiver = open(server.port);
    const got = await subscribed(receiver, 'private-chat');
    let relayed = 0;
    got.bind('client-burst', () => {
      relayed += 1;
    });
    for (let i = 0; i < 15; i += 1) raw.send({ event: 'client-burst', channel: 'private-chat', data: { i } });
    await eventually(() => raw.frames.filter((f) => f.event === 'pusher:error').length === 5, 2000, '4301 errors');
    for (const f of raw.frames.filter((f) => f.event === 'pusher:error')) expect(f.data).toMatchObject({ code: 4301 });
    await eventually(() => relayed === 10, 2000, 'relayed');
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    // The allowance refills: a second later the connection may send again.
    await sleep(1000);
    raw.send({ event: 'client-burst', channel: 'private-chat', data: { i: 'later' } });
    await eventually(() => relayed === 11, 2000, 'relayed after refill');
    raw.close();
  });
});
