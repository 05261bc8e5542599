import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';

// The built web app as the server sends it: each asset compressed when the browser takes it, from
// the .br/.gz copies the web build writes beside it, and index.html for client routes.

describe('the web app’s files', () => {
  let ctx: TestContext;
  let dist: string;
  const script = `export const answer = ${JSON.stringify('forty-two '.repeat(400))};\n`;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
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
    const route = await get('/w/demo/my-day', 'br');
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
});
