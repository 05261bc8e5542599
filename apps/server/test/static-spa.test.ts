import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestContext } from './harness.js';
import { ws } from './helpers.js';
import { createCustomer } from './schedule-helpers.js';

// The built web app as the server sends it: each asset compressed when the browser takes it, from
// the .br/.gz copies the web build writes beside it, and index.html for client routes.

describe('the web app’s files', () => {
  let ctx: TestContext;
  let dist: string;
  const script = `export const answer = ${JSON.stringify('forty-two '.repeat(400))};\n`;
  // Over 1 KB, as the built app's page is: worth compressing.
  const indexHtml = `<!doctype html><title>app</title><meta name="description" content="${'plan '.repeat(300)}"><div id="root"></div>`;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(dist, 'track.html'), '<!doctype html><title>track</title><div id="root"></div>');
    const file = path.join(dist, 'assets', 'app-1a2b3c.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    // An asset the build left uncompressed (too small to gain).
    fs.writeFileSync(path.join(dist, 'assets', 'tiny-4d5e6f.css'), 'a{color:red}');
    ctx = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, plain to the rest', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    for (const answer of [br, gz, plain]) {
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends a file without compressed copies as it is, whatever the browser takes', async () => {
    const css = await get('/assets/tiny-4d5e6f.css', 'br, gzip');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('a{color:red}');
  });

  it('answers a missing asset with a 404 problem, and a client route with index.html', async () => {
    const missing = await get('/assets/gone-000000.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    const route = await get('/w/demo/my-day');
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toContain('text/html');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body).toContain('<title>app</title>');
  });

  it("answers the customer's tracking links with the tracking page's own entry", async () => {
    const track = await get('/track/some-token', 'br');
    expect(track.statusCode).toBe(200);
    expect(track.headers['content-type']).toContain('text/html');
    expect(track.body).toContain('<title>track</title>');
    // Only links under /track/ get it: the app's own routes keep the app.
    expect((await get('/w/demo/tracking')).body).toContain('<title>app</title>');
    expect((await get('/trackers')).body).toContain('<title>app</title>');
  });

  it('answers robots.txt as text: nothing of the app or API to crawl, the public pages left to their own say', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    const rules = robots.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(rules).toEqual(['User-agent: *', 'Disallow: /', 'Allow: /book/', 'Allow: /track/']);
  });

  it('sends the pages gzip or brotli as the browser takes them, and plain without Accept-Encoding', async () => {
    const gz = await get('/w/demo/my-day', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('accept-encoding');
    expect(gz.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(indexHtml);
    const br = await get('/w/demo/my-day', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(indexHtml);
    const plain = await get('/w/demo/my-day');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
    // The tracking page is under 1 KB: as it is, whatever the browser takes.
    expect((await get('/track/some-token', 'br, gzip')).headers['content-encoding']).toBeUndefined();
  });

  describe('API answers', () => {
    let owner: Awaited<ReturnType<typeof signUpOwner>>;
    beforeAll(async () => {
      owner = await signUpOwner(ctx.app, 'Compressed');
      for (let i = 0; i < 8; i += 1) await createCustomer(owner, { name: `Customer ${i}`, email: null });
    });

    it('sends a JSON list over 1 KB brotli or gzip, decoding to the same JSON; plain without Accept-Encoding', async () => {
      const url = ws(owner.workspaceId, '/customers');
      const plain = await owner.client.get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const br = await owner.client.get(url, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
      const gz = await owner.client.get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    });

    it('sends an answer under 1 KB as it is, and a streamed CSV export compressed whole', async () => {
      const me = await owner.client.get('/api/v1/me', { 'accept-encoding': 'br, gzip' });
      expect(me.statusCode).toBe(200);
      expect(me.rawPayload.length).toBeLessThan(1024);
      expect(me.headers['content-encoding']).toBeUndefined();
      const url = ws(owner.workspaceId, '/exports/customers?format=csv');
      const plain = await owner.client.get(url);
      expect(plain.statusCode, plain.body).toBe(200);
      const gz = await owner.client.get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    });
  });
});
