import { once } from 'node:events';
import net from 'node:net';
import type { Problem } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveApp, type LiveApp } from './realtime-harness.js';

// Node's HTTP parser refuses a request line and headers over its limit (16 KB) before Fastify sees
// the request: that answer is problem+json too, and the server goes on serving.

/** Sends raw bytes on a new connection; resolves with everything the server wrote before closing. */
async function rawRequest(port: number, text: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  socket.on('error', () => {});
  await once(socket, 'connect');
  socket.write(text);
  await once(socket, 'close');
  return received;
}

function parse(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('over-long URLs and headers', () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await createLiveApp();
  });
  afterAll(async () => {
    await live?.close();
  });

  it('a 100 KB URL answers 431 problem+json, and the server stays up', async () => {
    const url = `/api/v1/places?q=${'a'.repeat(100 * 1024)}`;
    const answer = parse(await rawRequest(live.port, `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    const problem = JSON.parse(answer.body) as Problem;
    expect(problem).toEqual(
      expect.objectContaining({ status: 431, code: 'headers_too_large', title: expect.any(String) }),
    );
    expect(problem.detail).toMatch(/URL|header/i);

    const health = await fetch(`${live.origin}/healthz`);
    expect(health.status).toBe(200);
  });

  it('so does one over-long header', async () => {
    const raw = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(20 * 1024)}\r\n\r\n`;
    const answer = parse(await rawRequest(live.port, raw));
    expect(answer.status).toBe(431);
    expect((JSON.parse(answer.body) as Problem).code).toBe('headers_too_large');
  });

  it('a URL within the limit is served as usual', async () => {
    const res = await fetch(`${live.origin}/healthz?pad=${'c'.repeat(8 * 1024)}`);
    expect(res.status).toBe(200);
  });
});
