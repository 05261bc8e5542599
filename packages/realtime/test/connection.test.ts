import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { APP, client, connected, eventually, RawClient, sleep, startServer, type TestServer } from './helpers.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('connecting', () => {
  it('answers pusher:connection_established with a random socket id and the activity timeout', async () => {
    server = await startServer();
    const a = await RawClient.open(server.port);
    const b = await RawClient.open(server.port);
    const established = await a.next((f) => f.event === 'pusher:connection_established');
    expect(established.data).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 120 });
    expect(await a.socketId()).not.toBe(await b.socketId());
    a.close();
    b.close();
  });

  it('connects the official pusher-js client', async () => {
    server = await startServer();
    const pusher = client(server.port);
    expect(await connected(pusher)).toMatch(/^\d+\.\d+$/);
    expect(server.realtime.stats().connections).toBe(1);
    pusher.disconnect();
    await eventually(() => server?.realtime.stats().connections === 0, 2000, 'disconnect');
  });

  it('refuses an unknown app key with 4001, and pusher-js does not reconnect', async () => {
    server = await startServer();
    const raw = await RawClient.open(server.port, '/app/nope?protocol=7');
    expect((await raw.next((f) => f.event === 'pusher:error')).data).toMatchObject({ code: 4001 });
    expect((await raw.closed).code).toBe(4001);

    const pusher = new (await import('pusher-js')).default('nope', {
      cluster: 'local',
      wsHost: '127.0.0.1',
      wsPort: server.port,
      forceTLS: false,
      enabledTransports: ['ws'],
    });
    await eventually(() => pusher.connection.state === 'disconnected', 3000, 'refused');
    await sleep(1500);
    expect(pusher.connection.state).toBe('disconnected');
    pusher.disconnect();
  });

  it('closes with 4008 without a protocol version and 4007 for an unsupported one', async () => {
    server = await startServer();
    expect((await (await RawClient.open(server.port, `/app/${APP.key}`)).closed).code).toBe(4008);
    expect((await (await RawClient.open(server.port, `/app/${APP.key}?protocol=3`)).closed).code).toBe(4007);
  });

  it('closes with 4100 (reconnect after a back-off) past maxConnections', async () => {
    server = await startServer({ limits: { maxConnections: 1 } });
    const first = await RawClient.open(server.port);
    await first.socketId();
    const second = await RawClient.open(server.port);
    expect((await second.closed).code).toBe(4100);
    first.close();
  });

  it('closes every connection with 4200 (reconnect at once) when the server closes', async () => {
    server = await startServer();
    const raw = await RawClient.open(server.port);
    await raw.socketId();
    await server.close();
    server = undefined;
    expect((await raw.closed).code).toBe(4200);
  });
});

describe('origins', () => {
  const allowedOrigins = ['https://app.example.com'];

  it('refuses an upgrade from a foreign Origin with HTTP 403', async () => {
    server = await startServer({ allowedOrigins });
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/app/${APP.key}?protocol=7`, {
      headers: { origin: 'https://evil.example.net' },
    });
    const [, response] = await once(ws, 'unexpected-response');
    expect(response.statusCode).toBe(403);
  });

  it('accepts an allowed Origin, and a request with no Origin at all', async () => {
    server = await startServer({ allowedOrigins });
    const allowed = await RawClient.open(server.port, undefined, { origin: 'https://app.example.com' });
    expect(await allowed.socketId()).toMatch(/^\d+\.\d+$/);
    const serverSide = await RawClient.open(server.port);
    expect(await serverSide.socketId()).toMatch(/^\d+\.\d+$/);
    allowed.close();
    serverSide.close();
  });
});

describe('ping and pong', () => {
  it('answers pusher:ping with pusher:pong', async () => {
    server = await startServer();
    const raw = await RawClient.open(server.port);
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.next((f) => f.event === 'pusher:pong');
    raw.close();
  });

  it('pings a silent client and closes with 4201 when no pong comes back', async () => {
    server = await startServer({ limits: { activityTimeoutSeconds: 0.2, pongTimeoutSeconds: 0.2 } });
    const raw = await RawClient.open(server.port);
    expect((await raw.next((f) => f.event === 'pusher:connection_established')).data).toMatchObject({
      activity_timeout: 0.2,
    });
    await raw.next((f) => f.event === 'pusher:ping', 2000);
    const closed = await raw.closed;
    expect(closed.code).toBe(4201);
  });

  it('keeps a client that answers the pings', async () => {
    server = await startServer({ limits: { activityTimeoutSeconds: 0.2, pongTimeoutSeconds: 0.2 } });
    const raw = await RawClient.open(server.port);
    raw.ws.on('message', (data) => {
      if (String(data).includes('pusher:ping')) raw.send({ event: 'pusher:pong', data: {} });
    });
    await sleep(1200);
    expect(raw.frames.filter((f) => f.event === 'pusher:ping').length).toBeGreaterThanOrEqual(2);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    raw.close();
  });

  it('keeps pusher-js connected through server pings', async () => {
    server = await startServer({ limits: { activityTimeoutSeconds: 0.2, pongTimeoutSeconds: 0.3 } });
    const pusher = client(server.port);
    const socketId = await connected(pusher);
    await sleep(1200);
    expect(pusher.connection.state).toBe('connected');
    expect(pusher.connection.socket_id).toBe(socketId);
    pusher.disconnect();
  });
});

describe('bad frames', () => {
  it('answers junk, binary and oversize frames with pusher:error and keeps the connection', async () => {
    server = await startServer();
    const raw = await RawClient.open(server.port);
    raw.send('not json');
    expect((await raw.next((f) => f.event === 'pusher:error')).data).toMatchObject({ code: 4300 });
    raw.ws.send(Buffer.from('{}'), { binary: true });
    raw.send({ event: 'client-x', channel: 'private-a', data: 'x'.repeat(11 * 1024) });
    await eventually(() => raw.frames.some((f) => (f.data as { code?: number })?.code === 4303), 2000, '4303');
    expect(raw.frames.filter((f) => f.event === 'pusher:error').length).toBe(3);
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.next((f) => f.event === 'pusher:pong');
    raw.close();
  });
});
