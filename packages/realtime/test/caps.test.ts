import type Pusher from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import { client, eventually, RawClient, startServer, subscribed, type TestServer } from './helpers.js';

let server: TestServer | undefined;
const raws: RawClient[] = [];
const clients: Pusher[] = [];
afterEach(async () => {
  for (const raw of raws.splice(0)) raw.close();
  for (const pusher of clients.splice(0)) pusher.disconnect();
  await server?.close();
  server = undefined;
});

const open = async (port: number) => {
  const raw = await RawClient.open(port);
  raws.push(raw);
  return raw;
};
const subscribeRaw = (raw: RawClient, channel: string) => raw.send({ event: 'pusher:subscribe', data: { channel } });
const succeeded = (raw: RawClient) => raw.frames.filter((f) => f.event === 'pusher_internal:subscription_succeeded');

/** One client must not be able to hold unbounded server state, nor one address unbounded sockets. */
describe('resource caps', () => {
  it('a connection holds at most 100 channels by default; the 101st is refused with 4309, the connection stays', async () => {
    server = await startServer();
    const raw = await open(server.port);
    await raw.socketId();
    for (let i = 0; i < 101; i += 1) subscribeRaw(raw, `public-${i}`);
    const error = await raw.next((f) => f.event === 'pusher:error');
    expect(error.data).toMatchObject({ code: 4309, message: expect.stringMatching(/100 channels/) });
    const refused = await raw.next((f) => f.event === 'pusher:subscription_error');
    expect(refused).toMatchObject({ channel: 'public-100', data: { type: 'LimitReached', status: 4309 } });
    expect(succeeded(raw)).toHaveLength(100);
    expect((await server.realtime.channelInfo('public-100')).occupied).toBe(false);

    // Leaving one makes room for another; the connection was never closed.
    raw.send({ event: 'pusher:unsubscribe', data: { channel: 'public-0' } });
    subscribeRaw(raw, 'public-100');
    await raw.next((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === 'public-100');
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
  });

  it('a repeated subscribe of a held channel is not counted again', async () => {
    server = await startServer({ limits: { maxSubscriptionsPerConnection: 2 } });
    const raw = await open(server.port);
    await raw.socketId();
    for (const channel of ['a', 'b', 'a', 'b']) subscribeRaw(raw, channel);
    await eventually(() => succeeded(raw).length === 4, 2000, 'four answers');
    expect(raw.frames.some((f) => f.event === 'pusher:error')).toBe(false);
  });

  it('one address opens at most 100 connections by default; the next is closed with 4100', async () => {
    server = await startServer();
    for (let i = 0; i < 100; i += 1) await (await open(server.port)).socketId();
    const over = await open(server.port);
    const error = await over.next((f) => f.event === 'pusher:error');
    expect(error.data).toMatchObject({ code: 4100 });
    expect((await over.closed).code).toBe(4100);
    expect(server.realtime.stats().connections).toBe(100);
  });

  it('pusher-js over the per-address cap retries by itself and gets in once another connection closed', async () => {
    server = await startServer({ limits: { maxConnectionsPerAddress: 1 } });
    const first = await open(server.port);
    await first.socketId();
    const pusher = client(server.port);
    clients.push(pusher);
    const codes: number[] = [];
    pusher.connection.bind('error', (e: { error?: { data?: { code?: number } } }) => {
      if (e.error?.data?.code) codes.push(e.error.data.code);
    });
    await eventually(() => codes.includes(4100), 3000, 'refused with 4100');
    expect(pusher.connection.state).not.toBe('connected');
    first.close();
    await eventually(() => pusher.connection.state === 'connected', 5000, 'connected after the retry');
    await subscribed(pusher, 'jobs');
  });

  it('behind a proxy, clientAddress makes the per-address cap count each forwarded client', async () => {
    const forwarded = (req: { headers: Record<string, string | string[] | undefined> }) =>
      String(req.headers['x-forwarded-for'] ?? '');
    server = await startServer({ limits: { maxConnectionsPerAddress: 1 }, clientAddress: forwarded });
    const path = '/app/app-key?protocol=7&client=js&version=8.4.0';
    const ann = await RawClient.open(server.port, path, { 'x-forwarded-for': '203.0.113.1' });
    const bob = await RawClient.open(server.port, path, { 'x-forwarded-for': '203.0.113.2' });
    raws.push(ann, bob);
    await ann.socketId();
    await bob.socketId();
    // A second connection of the same forwarded client is over its cap, whatever the proxy's address.
    const again = await RawClient.open(server.port, path, { 'x-forwarded-for': '203.0.113.1' });
    raws.push(again);
    expect((await again.closed).code).toBe(4100);
    expect(server.realtime.stats().connections).toBe(2);
  });
});
