import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './pg-instance.js';
import { sleep, spawnUntil } from './realtime-harness.js';

/**
 * SIGTERM to a real server process (src/main.ts under tsx) with work in every state: slow requests in
 * flight, idle keep-alive connections, a WebSocket whose client never reads (so never answers the
 * close handshake), new requests arriving during the drain and during the handover that follows it.
 * Nothing received may be reset, and the process must end by itself within its deadline — the one
 * timing bound here, with slack.
 */
const drainMs = 4_000;
const timeoutMs = 9_000;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(port: number, urlPath: string, agent: http.Agent | false = false, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const method = body === undefined ? 'GET' : 'POST';
    const headers = body === undefined ? {} : { 'content-type': 'application/json' };
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, agent, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A raw keep-alive connection that asks once and then sits idle; `closed` settles when the server ends it. */
async function idleKeepAlive(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const closed = once(socket, 'close').then(() => true);
  socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  let seen = '';
  socket.setEncoding('utf8');
  await new Promise<void>((resolve) => {
    const onData = (chunk: string) => {
      seen += chunk;
      if (seen.includes('{"status":"ok"}')) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
  });
  // Keep reading (and discarding), so only the server can end it.
  socket.on('data', () => {});
  return { socket, closed };
}

/** A WebSocket opened with a raw upgrade whose client then stops reading: it never answers a close frame. */
async function nonReadingWebSocket(port: number, key: string) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(
    [
      `GET /app/${key}?protocol=7&client=js&version=8.4.0 HTTP/1.1`,
      'Host: 127.0.0.1',
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  const [first] = (await once(socket, 'data')) as [Buffer];
  expect(first.toString('latin1')).toMatch(/^HTTP\/1\.1 101/);
  socket.pause();
  const closed = once(socket, 'close').then(() => true);
  socket.on('error', () => {});
  return { socket, closed };
}

/** The status code of the first WebSocket close frame (unmasked, from the server) in `bytes`. */
function closeCodeIn(bytes: Buffer): number | null {
  for (let i = 0; i + 3 < bytes.length; i += 1) {
    if (bytes[i] === 0x88 && (bytes[i + 1] ?? 0) >= 2 && (bytes[i + 1] ?? 0) < 126) return bytes.readUInt16BE(i + 2);
  }
  return null;
}

/** Resolves once a new connection to `port` is refused: the listener has closed. */
async function listenerClosed(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', () => resolve(true));
    });
    if (refused) return;
    await sleep(20);
  }
}

/** Sends a GET on an open raw connection and reads the whole answer (the server closes after it). */
async function askOn(socket: net.Socket, urlPath: string): Promise<string> {
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    answer += chunk;
  });
  const ended = once(socket, 'close');
  socket.write(`GET ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  await ended;
  return answer;
}

describe('SIGTERM to a running server', () => {
  let dir: string;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-shutdown-'));
  });
  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('drains (readyz 503), then refuses movable requests until nobody sends, finishes every request received, closes idle and stuck connections, and exits within its deadline', async () => {
    const port = await freePort();
    const started = await spawnUntil(
      ['--import', 'tsx', 'apps/server/src/main.ts'],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${path.join(dir, 'shutdown.sqlite')}`,
        FIELDPLAN_DEMO: '0',
        FIELDPLAN_FAULT_INJECTION: '1',
        WEB_DIST: '',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_MS: String(drainMs),
        SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
      },
      /Fieldplan is running/,
      60_000,
    );
    child = started.child;
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const key = (JSON.parse((await get(port, '/api/v1/config')).body) as { realtime: { key: string } }).realtime.key;

    const idle = await Promise.all(Array.from({ length: 20 }, () => idleKeepAlive(port)));
    const ws = await nonReadingWebSocket(port, key);
    const keepAlive = new http.Agent({ keepAlive: true });
    // Kept-alive connections that have answered once, for requests during the drain.
    await Promise.all(Array.from({ length: 4 }, () => get(port, '/healthz', keepAlive)));
    // In flight when the signal comes: longer than the drain, so they are still running at close.
    const slow = Array.from({ length: 12 }, (_, i) =>
      get(port, `/api/v1/debug/slow?ms=${drainMs + 1_000 + i * 100}`, i % 2 === 0 ? keepAlive : false),
    );
    await sleep(300);

    const signalled = Date.now();
    child.kill('SIGTERM');
    await sleep(200);
    // Draining: not ready, yet still serving — new connections and kept-alive ones alike.
    const ready = await get(port, '/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'shutting down' });
    const duringDrain = await Promise.all([
      ...Array.from({ length: 10 }, () => get(port, '/healthz')),
      ...Array.from({ length: 4 }, () => get(port, '/api/v1/debug/slow?ms=500', keepAlive)),
    ]);
    for (const res of duringDrain) {
      expect(res.status).toBe(200);
      expect(res.headers.connection).toBe('close');
    }

    // A connection accepted during the drain whose request comes only once the listener has closed:
    // Node would count it idle and close it at once; it is answered.
    const accepted = net.connect(port, '127.0.0.1');
    accepted.on('error', () => {});
    await once(accepted, 'connect');

    // The handover, after the drain and before the listener closes: a request a balancer may send
    // to another process (a GET) is refused before any handler, so nginx moves it and leaves this
    // process out; a POST, which nginx never resends, is still handled.
    await sleep(signalled + drainMs + 100 - Date.now());
    const [refused, write] = await Promise.all([
      get(port, '/api/v1/config'),
      get(port, '/api/v1/auth/sign-in', false, '{}'),
    ]);
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['retry-after']).toBe('1');
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'unavailable' });
    expect(write.status).toBe(400);
    expect(write.headers.connection).toBe('close');
    await listenerClosed(port);
    const late = await askOn(accepted, '/healthz');
    expect(late).toMatch(/^HTTP\/1\.1 200/);
    expect(late).toMatch(/\r\nconnection: close\r\n/i);

    // Every request received gets its whole answer.
    const answers = await Promise.all(slow);
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ waited: drainMs + 1_000 + i * 100 });
    }

    const bound = new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), timeoutMs + 4_000),
    );
    const outcome = await Promise.race([exited, bound]);
    expect(outcome, `server output:\n${started.output()}`).toEqual([0, null]);
    // Measured, not asserted beyond the deadline: drain + the slowest request + the cut before the deadline.
    console.log(`[shutdown] SIGTERM → exit: ${Date.now() - signalled} ms (drain ${drainMs}, deadline ${timeoutMs})`);
    expect(await Promise.all(idle.map((c) => c.closed))).toEqual(idle.map(() => true));
    // The WebSocket was told to reconnect (4200) before it was cut: its unread bytes hold that close frame.
    const unread: Buffer[] = [];
    ws.socket.on('data', (chunk: Buffer) => unread.push(chunk));
    ws.socket.resume();
    expect(await ws.closed).toBe(true);
    expect(closeCodeIn(Buffer.concat(unread))).toBe(4200);
    keepAlive.destroy();
  }, 40_000);
});
