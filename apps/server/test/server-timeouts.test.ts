import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createLiveApp, type LiveApp } from './realtime-harness.js';

/**
 * Short deadlines so the suite runs in seconds; production defaults are in config.ts. The bounds
 * asserted below are generous (several times the deadline): what matters is that sockets close at
 * all, which they did not before (200 idle sockets were all still open after 75 s).
 */
const headersMs = 600;
const requestMs = 3000;
const keepAliveMs = 400;
const bound = 10_000;

interface Probe {
  socket: net.Socket;
  /** Everything the server wrote. */
  received: () => string;
  closed: Promise<void>;
}

async function connect(port: number): Promise<Probe> {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  socket.on('error', () => {});
  const closed = once(socket, 'close').then(() => undefined);
  await once(socket, 'connect');
  return { socket, received: () => text, closed };
}

/** Resolves true when `promise` settles within `ms`, false otherwise. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the HTTP server closes idle and stalled connections (configured deadlines)', () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await createLiveApp({
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(headersMs),
        HTTP_REQUEST_TIMEOUT_MS: String(requestMs),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(keepAliveMs),
      },
    });
  });
  afterAll(async () => {
    await live?.close();
  });

  it('sockets that never send a byte are closed', async () => {
    const probes = await Promise.all(Array.from({ length: 20 }, () => connect(live.port)));
    const closed = await Promise.all(probes.map((p) => settlesWithin(p.closed, bound)));
    expect(closed.filter(Boolean)).toHaveLength(20);
  });

  it('a request whose headers trickle in (slowloris) gets a 408 problem+json and is closed', async () => {
    const probe = await connect(live.port);
    probe.socket.write('GET /api/v1/config HTTP/1.1\r\nHost: localhost\r\n');
    // One header line every 100 ms, never the blank line that ends the headers.
    const trickle = setInterval(() => {
      if (!probe.socket.destroyed) probe.socket.write(`X-Slow-${Date.now()}: 1\r\n`);
    }, 100);
    try {
      expect(await settlesWithin(probe.closed, bound)).toBe(true);
    } finally {
      clearInterval(trickle);
    }
    const [head = '', body = ''] = probe.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head.toLowerCase()).toContain('content-type: application/problem+json');
    expect(JSON.parse(body)).toMatchObject({ status: 408, code: 'request_timeout' });
  });

  it('a slow but steady request is answered', async () => {
    const probe = await connect(live.port);
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'x'.repeat(100) });
    const head = `POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    // Headers within their deadline, then the body in small pieces for longer than the headers deadline.
    for (const line of head.split(/(?<=\r\n)/)) {
      probe.socket.write(line);
      await pause(20);
    }
    const pieces = body.match(/.{1,8}/g) ?? [];
    for (const piece of pieces) {
      probe.socket.write(piece);
      await pause(Math.ceil((headersMs * 1.5) / pieces.length));
    }
    expect(await settlesWithin(probe.closed, bound)).toBe(true);
    expect(probe.received()).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('a kept-alive connection is closed once idle after its answer', async () => {
    const probe = await connect(live.port);
    probe.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await settlesWithin(probe.closed, bound)).toBe(true);
    expect(probe.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(probe.received().match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('a realtime WebSocket outlives the request and headers deadlines', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${live.port}/app/${live.key}?protocol=7`, { origin: live.origin });
    const messages: string[] = [];
    socket.on('message', (data) => messages.push(String(data)));
    await once(socket, 'open');
    let closedEarly = false;
    socket.on('close', () => {
      closedEarly = true;
    });
    await pause(requestMs + headersMs * 2);
    expect(closedEarly).toBe(false);
    socket.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await expect.poll(() => messages.some((m) => m.includes('pusher:pong')), { timeout: bound }).toBe(true);
    socket.close();
  });
});
